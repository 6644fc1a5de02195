// The rental counter's entry (issue 28): what the rest of server/ may use of it (lint/dependencies.cjs).

export { documentRoutes } from "./document-routes";
export { expressView } from "./express";
export { sendExpressReminders, startExpressReminders } from "./express-reminders";
export { expressRoutes } from "./express-routes";
export { startPhotoSweep, sweepUnattachedPhotos } from "./photos";
export { counterRoutes } from "./routes";
