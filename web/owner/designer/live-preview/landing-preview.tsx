import { landingTheme } from "@domain/colors";
import { LANDING_COPY, landingLanguage } from "./copy";
import { LandingHeader } from "./landing-header";
import { LandingHero } from "./landing-hero";
import { LandingSteps } from "./landing-steps";
import type { PreviewLanding } from "./types";

type LandingPreviewProps = {
  landing: PreviewLanding;
  /** An owner-facing note under the search card, in the dashboard's language. */
  previewNote?: { text: string; lang: string };
};

/**
 * The designer's live preview: the header, hero and steps of a landing that does not exist yet, in the
 * language and colours being chosen (the same readable colours as the public site: domain/colors.ts).
 * Once the landing is saved, the preview screens show the real public site instead
 * (web/owner/landings/preview-screen.tsx). Sized by its container, not the window.
 */
export function LandingPreview({ landing, previewNote }: LandingPreviewProps) {
  const language = landingLanguage(landing.default_language);
  const copy = LANDING_COPY[language];
  const theme = landingTheme(landing.color_primary, landing.color_secondary);
  return (
    <div lang={language} className="@container bg-gray-50 font-sans text-gray-900" data-testid="landing-preview">
      <LandingHeader landing={landing} theme={theme} copy={copy} language={language} />
      <LandingHero landing={landing} theme={theme} copy={copy} previewNote={previewNote} />
      <LandingSteps theme={theme} copy={copy} />
    </div>
  );
}
