// The auth part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).
export { lockedOutMinutes, recordFailure, settingsThrottle } from "./login-throttle";
export { hashPassword, verifyPassword } from "./passwords";
export type { IssuedSession, SessionUser } from "./sessions";
export { createSession, endAllSessions, extendSession, findSession, presentSessionTimes } from "./sessions";
export { hashToken, newToken, sameSecret } from "./tokens";
