// The landings feature's entry: what the dashboard's other features may use of it (lint/dependencies.cjs).
export {
  LANDINGS_KEY,
  landingQuery,
  landingsQuery,
  trashedLandingsQuery,
  useCreateLanding,
  usePurgeLanding,
  useUpdateLanding,
  useUpdateLandingMeta,
} from "./api";
export { BrowserFrame } from "./browser-frame";
export { ChargesSummary } from "./charges-summary";
export { DisplayNameField } from "./display-name-field";
export type { DraftLanding } from "./draft-landing";
export {
  clearDraftLanding,
  forgetGoneDraftLanding,
  readDraftLanding,
  saveDraftLanding,
  useStoredDraftLanding,
} from "./draft-landing";
export type { ForgottenFile } from "./draft-restored-note";
export { DraftRestoredNote } from "./draft-restored-note";
export { HEX_COLOR, slugField } from "./form-fields";
export { readableUrl, useLandingPageTitle } from "./format";
export { LandingLoadError } from "./landing-load-error";
export { LandingLogo } from "./landing-logo";
export { LandingSearchList } from "./landing-search-list";
export { LanguageChoice } from "./language-choice";
export { PreviewScreen } from "./preview-screen";
export { PublicSiteLink } from "./public-site-link";
export { PublishRequirements } from "./publish-requirements";
export { logoAdvice, recommendedSize } from "./recommended-size";
export { RegionFields } from "./region-fields";
export { REGION_FIELDS, regionFormShape } from "./region-form";
export { SlugField } from "./slug-field";
export { StatusBadge } from "./status-badge";
export type { SlugCheckState } from "./use-name-check";
export { usePublicBase, useSlugCheck } from "./use-name-check";
export { missingForPublish, PUBLISHED_TAP_PATH, useLandingStatus } from "./use-publish";
export { useRestoreLandingOnce } from "./use-restore-landing";
