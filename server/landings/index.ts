// The landings part's entry: what the rest of server/ may use of it (lint/dependencies.cjs).

export { availabilityVersion, HOLDS_TRUST_MS } from "./availability-versions";
export type { BookableLanding } from "./bookable";
export { findBookableLanding, inLanguage, keptBookableLanding } from "./bookable";
export { bookingCounts, stillAhead } from "./booking-counts";
export { currentNameOf } from "./former-names";
export { LandingCache } from "./landing-cache";
export { presentAddon } from "./presenter";
export { forgetWithRecentLookups, lookupMoment, RecentLookups } from "./recent-lookups";
export { saveLandingRules } from "./rules-service";
export {
  createLanding,
  lockOwnedLanding,
  ownedLandingOr404,
  setLandingStatus,
  updateLandingMeta,
} from "./service";
