import type { LandingTheme } from "@domain/colors";
import { Globe } from "lucide-react";
import type { LandingCopy } from "./copy";
import type { PreviewLanding } from "./types";

/** The landing's top bar in its primary colour, as the public site draws it: logo, sections and the language switch. */
export function LandingHeader({
  landing,
  theme,
  copy,
  language,
}: {
  landing: PreviewLanding;
  theme: LandingTheme;
  copy: LandingCopy;
  language: string;
}) {
  return (
    <header style={{ backgroundColor: theme.primary, color: theme.onPrimary }}>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4 @2xl:h-[4.5rem] @2xl:px-8">
        {landing.logo ? (
          <img
            src={landing.logo}
            alt={landing.displayName || "Logo"}
            className="h-10 w-auto max-w-40 object-contain @2xl:h-12 @2xl:max-w-56"
            data-testid="preview-logo"
          />
        ) : (
          <span className="truncate text-lg font-bold tracking-tight" data-testid="preview-brand">
            {landing.displayName || "Logo"}
          </span>
        )}
        <div className="ml-auto flex items-center gap-5 text-sm font-semibold">
          <span className="hidden @3xl:inline">{copy.nav.vehicles}</span>
          <span className="hidden @3xl:inline">{copy.nav.faq}</span>
          <span
            className="flex items-center gap-1.5 rounded-md px-3 py-2 whitespace-nowrap ring-1 ring-current/40"
            data-testid="preview-language"
            data-language={language}
          >
            <Globe aria-hidden="true" className="size-4" />
            {copy.nav.switchTo}
          </span>
        </div>
      </div>
    </header>
  );
}
