import { idempotencyKey } from "@web/lib/idempotency-key";
import { rememberAttempts, rememberedAttempts } from "./tab-memory";

/**
 * The Idempotency-Key a booking is sent with, the same for the same request from any of the
 * landing's tabs for two hours (local storage): a reload after a lost answer, or a second tab of the
 * same review, sends the key of the first attempt and is answered with the booking it made (its
 * thank-you page), never a second one. Kept beside it, the SHA-256 of the request, never the
 * request (it holds the traveller's name, email and phone). A request of its own (other dates,
 * car, extras or person) gets a key of its own. Kept after the booking is made, so a tab that
 * sends it later is still answered with it; "Hacer otra reserva igual" forgets it
 * (`forgetAttempt`). Without storage, or on a page that cannot hash (plain HTTP has no
 * `crypto.subtle`), the key is new and the page itself keeps it while it stays open.
 */

/**
 * Two hours: a lost answer is retried within minutes and a second tab within the visit. Longer, a
 * traveller who cancels and books the very same trip again would be shown the cancelled booking.
 */
const KEPT_MS = 2 * 3_600_000;

export type Attempt = { key: string; fingerprint: string | null };

async function fingerprintOf(request: string): Promise<string | null> {
  if (!crypto.subtle) return null;
  try {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(request));
    return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
  } catch {
    return null;
  }
}

/**
 * Runs `task` while no other tab of the site runs one under `name` (the Web Locks API), or at once
 * where the browser has none. Two tabs of the same review whose "Reservar" goes at the same moment
 * both read the attempts before either wrote one, and each made a key of its own: the second was
 * told the car was taken (its last unit) or booked it twice (1 run in 4 of the two-tabs journey).
 */
function exclusively<T>(name: string, task: () => T): Promise<T> {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  return locks ? locks.request(name, async () => task()) : Promise.resolve(task());
}

/** The attempt at booking `request` (its trip and person, as sent) on `landing`: one kept, or a new one, kept. */
export async function attemptFor(landing: string, request: string): Promise<Attempt> {
  const fingerprint = await fingerprintOf(request);
  if (fingerprint === null) return { key: idempotencyKey(), fingerprint };
  return exclusively(`nelly.attempts.${landing}`, () => {
    const now = Date.now();
    // Read again as it is written (another tab may have added one); those past their two hours are dropped.
    const attempts = Object.fromEntries(
      Object.entries(rememberedAttempts(landing)).filter(([, kept]) => kept.until > now),
    );
    const kept = attempts[fingerprint] ?? { key: idempotencyKey(), until: now + KEPT_MS };
    rememberAttempts(landing, { ...attempts, [fingerprint]: kept });
    return { key: kept.key, fingerprint };
  });
}

/** The booking made with this attempt is to be made again, on purpose: its request gets a new key. */
export function forgetAttempt(landing: string, fingerprint: string | null | undefined) {
  if (!fingerprint) return;
  const { [fingerprint]: _forgotten, ...others } = rememberedAttempts(landing);
  rememberAttempts(landing, others);
}
