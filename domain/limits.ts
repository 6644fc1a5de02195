/** Business constants of the spec (SPEC §9) and the platform's own limits. */
export const SESSION_TTL_MS = 60 * 60 * 1000;
export const SESSION_CHECK_INTERVAL_MS = 60 * 1000;
export const TOAST_MS = 3000;
export const LOGOUT_DELAY_MS = 1000;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 255;
export const PHONE_MAX = 30;

/**
 * Login throttling: this many failures within the window lock an account out. An address gets
 * more room, because one office or mobile carrier can put many honest owners behind one address.
 */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";
