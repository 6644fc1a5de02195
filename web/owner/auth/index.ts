// The auth feature's entry: what the dashboard's other features may use of it (lint/dependencies.cjs).
export { logout } from "./api";
export { HOME_PATH, LOGIN_PATH } from "./guards";
export { NewPasswordFields } from "./new-password-fields";
export { saveOwnerLanguage } from "./owner-language";
export { forgetReturnPath } from "./return-path";
export { SessionExpiryDialog } from "./session-expiry-dialog";
export type { SessionTimes } from "./session-store";
export {
  clearSession,
  getSession,
  onSignedOutElsewhere,
  renewStoredSession,
  updateStoredUser,
  useSession,
} from "./session-store";
export { useSessionWatch } from "./use-session-watch";
