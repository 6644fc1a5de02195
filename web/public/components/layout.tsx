import type { ReactNode } from "react";
import { themeVariables, usePage } from "../context";
import type { Booking } from "../lib/booking";
import { Footer } from "./footer";
import { Header } from "./header";
import { OfflineNotice } from "./offline-notice";
import { type Step, StepStrip } from "./step-strip";

/** Every public page: brand colours, header, the booking steps where they apply, content, footer. */
export function Layout({
  step,
  booking,
  bottomBar,
  children,
}: {
  step?: Step;
  booking?: Booking;
  bottomBar?: ReactNode;
  children: ReactNode;
}) {
  const { data, t, theme } = usePage();
  return (
    <div
      lang={data.language}
      style={themeVariables(theme)}
      className="flex min-h-dvh flex-col bg-gray-50 font-sans text-gray-900"
      // Room at the page's end for the phone's bottom bar (styles.css).
      data-with-bottom-bar={bottomBar ? "" : undefined}
    >
      {/* not-sr-only takes the padding away: given back on focus, or the link is a cramped box. */}
      <a
        href="#main"
        className="sr-only z-30 rounded-md bg-white font-semibold text-gray-900 shadow-lg focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:px-4 focus:py-3"
      >
        {t.skipToContent}
      </a>
      <Header />
      {step && booking && <StepStrip step={step} booking={booking} />}
      {/* Focusable by the skip link only, so focus lands in the content, not back on the page. */}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
        {/* Fixed to the screen's bottom, but in the main landmark: outside every landmark a screen
            reader's list of them skipped the total and the next step (axe's "region"). */}
        {bottomBar}
      </main>
      <Footer />
      <OfflineNotice />
    </div>
  );
}
