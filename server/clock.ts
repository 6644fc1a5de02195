/** Time as the app sees it; tests pass a clock they can move forward (session expiry, throttling). */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
