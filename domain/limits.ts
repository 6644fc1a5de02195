/** Business constants of the spec (SPEC §9) and the platform's own limits. */
/**
 * A session ends after an hour without activity (SPEC §4's hour, read as an idle limit: issue 25.3);
 * each request the owner makes moves the end an hour ahead again, up to SESSION_MAX_MS after
 * signing in, when a session ends whatever the activity (a stolen cookie is not good forever).
 */
export const SESSION_TTL_MS = 60 * 60 * 1000;
export const SESSION_MAX_MS = 12 * 60 * 60 * 1000;
/**
 * The end moves at most once in this long per session: a burst of requests costs one database
 * write a minute, not one each, and the idle limit stays exact to the minute.
 */
export const SESSION_EXTEND_STEP_MS = 60 * 1000;
/**
 * A request with this header set to "1" was not made by the owner (a poll, a refresh while nobody
 * touched the page): it does not move the end of the session (server/http/auth.ts).
 */
export const IDLE_REQUEST_HEADER = "x-nelly-idle";
export const SESSION_CHECK_INTERVAL_MS = 60 * 1000;
export const TOAST_MS = 3000;
export const LOGOUT_DELAY_MS = 1000;

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
/** A pickup or return place, as a location names it and a booking keeps it. */
export const PLACE_MAX = 120;
export const EMAIL_MAX = 255;
export const PHONE_MAX = 30;

/**
 * Login throttling: this many failures within the window lock an account out. An address gets
 * more room, because one office or mobile carrier can put many honest owners behind one address.
 */
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Password reset (issue 25.20): an emailed link works once, for an hour. One address may ask for
 * links this many times an hour; one account gets at most this many emails an hour, whoever asks
 * (beyond that the answer is the same, and no email leaves: nobody is flooded with them).
 */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const PASSWORD_RESET_REQUESTS_PER_ADDRESS = 10;
export const PASSWORD_RESET_EMAILS_PER_ACCOUNT = 3;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_SIZE_PX = 256;
/** A counter photo (a licence, the car at pickup), before it is re-encoded to at most 1600 px. */
export const PHOTO_MAX_BYTES = 15 * 1024 * 1024;
export const ACCEPTED_IMAGE_TYPES = "image/jpeg,image/png,image/webp,image/gif,image/avif";

/**
 * The most pixels an uploaded image may have (width × height): refused before it is decoded on the
 * server (a decompression bomb). The dashboard draws a larger picture smaller before sending it
 * (web/lib/image-file.ts).
 */
export const IMAGE_MAX_PIXELS = 50_000_000;
