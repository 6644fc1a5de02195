// The live part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).

export type { LiveEvent } from "./notify";
export { liveNotification, notifyLive } from "./notify";
