/** What the visitor-facing sections need to know about a landing. */
export type PreviewLanding = {
  /** The name as a person reads it (hyphens shown as spaces). */
  displayName: string;
  logo: string | null;
  color_primary: string | null;
  color_secondary: string | null;
  default_language: string | null;
  currency: string;
};

/** The heading level of the page's first heading; sections follow one level below it. */
export type HeadingBase = 1 | 2;
