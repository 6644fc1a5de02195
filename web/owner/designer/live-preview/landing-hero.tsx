import type { LandingTheme } from "@domain/colors";
import { DEFAULT_SEATS } from "@web/public/lib/search";
import { CalendarDays, Info, MapPin, Search, Users } from "lucide-react";
import type { ReactNode } from "react";
import type { LandingCopy } from "./copy";
import type { PreviewLanding } from "./types";

function FakeInput({ label, icon, children }: { label: string; icon: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <span className="text-xs font-semibold text-gray-700">{label}</span>
      <span className="flex h-11 items-center gap-2 rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-600">
        {icon}
        <span className="truncate">{children}</span>
      </span>
    </div>
  );
}

/**
 * The hero: headline on the primary colour and the search card standing out from it. In the
 * dashboard the card is a picture of the real form (`previewNote` says so); nothing in it is focusable.
 */
export function LandingHero({
  landing,
  theme,
  copy,
  previewNote,
}: {
  landing: PreviewLanding;
  theme: LandingTheme;
  copy: LandingCopy;
  previewNote?: { text: string; lang: string };
}) {
  const icon = "size-4 shrink-0 text-gray-500";
  return (
    <section style={{ backgroundColor: theme.primary, color: theme.onPrimary }} className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 bottom-0 h-16 bg-gray-50 [clip-path:polygon(0_100%,100%_40%,100%_100%)]"
      />
      <div className="relative mx-auto grid max-w-6xl gap-8 px-4 pt-10 pb-14 @2xl:px-8 @4xl:grid-cols-[1.05fr_1fr] @4xl:items-center @4xl:gap-12 @4xl:pt-16 @4xl:pb-24">
        <div className="min-w-0">
          <p className="text-xs font-semibold tracking-[0.14em] uppercase @2xl:text-sm">{copy.hero.eyebrow}</p>
          <h2
            className="mt-3 text-3xl leading-tight font-bold tracking-tight break-words @2xl:text-4xl @5xl:text-5xl"
            data-testid="preview-headline"
          >
            {copy.hero.title.split("{{name}}").map((part, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence.
              <span key={index}>
                {index > 0 && (landing.displayName || "…")}
                {part}
              </span>
            ))}
          </h2>
          <p className="mt-4 max-w-xl text-base leading-7 @2xl:text-lg">{copy.hero.body}</p>
        </div>
        <div className="rounded-2xl bg-white p-5 text-gray-900 shadow-2xl ring-1 ring-black/5 @2xl:p-6">
          <h3 className="text-lg font-semibold">{copy.search.title}</h3>
          <div className="mt-4 grid gap-3 @md:grid-cols-2">
            <FakeInput label={copy.search.pickup} icon={<MapPin aria-hidden="true" className={icon} />}>
              {copy.search.choosePlace}
            </FakeInput>
            <FakeInput label={copy.search.dropoff} icon={<MapPin aria-hidden="true" className={icon} />}>
              {copy.search.samePlace}
            </FakeInput>
            <FakeInput label={copy.search.pickupDate} icon={<CalendarDays aria-hidden="true" className={icon} />}>
              {copy.search.date} · {copy.search.time}
            </FakeInput>
            <FakeInput label={copy.search.returnDate} icon={<CalendarDays aria-hidden="true" className={icon} />}>
              {copy.search.date} · {copy.search.time}
            </FakeInput>
            {/* What the site's own form starts at (a walk's finding: the preview said 8, the site 2). */}
            <FakeInput label={copy.search.people} icon={<Users aria-hidden="true" className={icon} />}>
              {DEFAULT_SEATS}
            </FakeInput>
            {/* The main button in the primary colour, as on the public site (issue 25.12). */}
            <span
              className="flex h-11 items-center justify-center gap-2 self-end rounded-lg px-4 text-sm font-semibold shadow-sm"
              style={{ backgroundColor: theme.primary, color: theme.onPrimary }}
              data-testid="preview-search-button"
            >
              <Search aria-hidden="true" className="size-4" />
              {copy.search.submit}
            </span>
          </div>
          {previewNote && (
            <p
              lang={previewNote.lang}
              className="mt-4 flex items-start gap-2 rounded-lg bg-gray-100 px-3 py-2 text-xs leading-5 text-gray-700"
            >
              <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              {previewNote.text}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
