import type { Vehicle } from "../../../../domain/vehicles";
import { landingTheme } from "./colors";
import { LANDING_COPY, landingLanguage } from "./copy";
import { FeaturedVehicles } from "./featured-vehicles";
import { HowItWorks } from "./how-it-works";
import { LandingFooter } from "./landing-footer";
import { LandingHeader } from "./landing-header";
import { LandingHero } from "./landing-hero";
import type { HeadingBase, PreviewLanding } from "./types";

type LandingPreviewProps = {
  landing: PreviewLanding;
  /** The vehicles to show; leave out for the header and hero only (the designer's live preview). */
  vehicles?: Vehicle[];
  headingBase?: HeadingBase;
  /** An owner-facing note under the search card, in the dashboard's language. */
  previewNote?: { text: string; lang: string };
  year?: number;
};

/**
 * A landing's home page as visitors see it, in the landing's language and colours. Sized by its
 * container, not the window, so it renders the same in a narrow preview column and full width.
 */
export function LandingPreview({
  landing,
  vehicles,
  headingBase = 2,
  previewNote,
  year = new Date().getFullYear(),
}: LandingPreviewProps) {
  const language = landingLanguage(landing.default_language);
  const copy = LANDING_COPY[language];
  const theme = landingTheme(landing.color_primary, landing.color_secondary);
  return (
    <div lang={language} className="@container bg-gray-50 font-sans text-gray-900" data-testid="landing-preview">
      <LandingHeader landing={landing} theme={theme} copy={copy} language={language} />
      <LandingHero landing={landing} theme={theme} copy={copy} headingBase={headingBase} previewNote={previewNote} />
      {vehicles && (
        <>
          <FeaturedVehicles
            vehicles={vehicles}
            theme={theme}
            copy={copy}
            language={language}
            currency={landing.currency}
            headingBase={headingBase}
          />
          <HowItWorks theme={theme} copy={copy} headingBase={headingBase} />
          <LandingFooter name={landing.displayName} copy={copy} year={year} />
        </>
      )}
    </div>
  );
}
