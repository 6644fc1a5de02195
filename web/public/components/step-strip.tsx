import { formatDate, formatTime } from "@domain/date-format";
import * as lucide from "lucide-react";
import { usePage } from "../context";
import type { Booking } from "../lib/booking";
import { compactTapArea } from "../lib/ui";
import { bookingQuery, hrefTo } from "../lib/url";
import { keptIcon } from "./icons";

const Check = keptIcon(lucide.Check);

export type Step = 1 | 2 | 3 | 4 | 5;

/**
 * Where the visitor is in the booking (SPEC §4's steps) and what they chose so far: places, dates
 * and times, the vehicle or a prompt to choose one. Earlier steps are links back, keeping every choice.
 */
export function StepStrip({ step, booking }: { step: Step; booking: Booking }) {
  const { data, t } = usePage();
  const { search, vehicle, addons } = booking;
  const lang = data.language;
  const query = bookingQuery(data.query);
  const places =
    search.dropoff && search.dropoff !== search.pickup ? `${search.pickup} → ${search.dropoff}` : search.pickup;
  // Each date and time whole, never broken at a date's hyphens ("14-" then "12-2026" at 320 px).
  const dates = (
    <>
      <span className="inline-block">
        {formatDate(search.from, lang)} {formatTime(search.fromTime, lang)}&nbsp;–
      </span>{" "}
      <span className="inline-block">
        {formatDate(search.to, lang)} {formatTime(search.toTime, lang)}
      </span>
    </>
  );
  const details: string[] = [
    booking.valid ? places : booking.searched ? t.steps.searchToFix : t.vehicle.chooseDates,
    vehicle ? vehicle.name : t.steps.chooseVehicle,
    addons.length > 0 ? t.steps.extrasCount(addons.length) : t.steps.noExtras,
    "",
    "",
  ];
  const links: (string | null)[] = [
    `${hrefTo(data, { kind: "vehicles" }, query)}#search`,
    hrefTo(data, { kind: "vehicles" }, query),
    vehicle ? hrefTo(data, { kind: "additions" }, query) : null,
    vehicle && booking.valid ? hrefTo(data, { kind: "review" }, query) : null,
    null,
  ];
  const names = t.steps.names;
  const canLink = (index: number) => step < 5 && index + 1 < step && links[index];
  return (
    <nav aria-label={t.steps.label} className="border-b border-gray-200 bg-white" data-testid="step-strip">
      <div className="mx-auto max-w-6xl px-4 py-3 sm:px-6">
        {/* Phone: the current step, a progress bar and the choices on three lines at most. */}
        <div className="md:hidden">
          <p className="flex items-baseline justify-between gap-3 text-sm">
            <span className="font-semibold text-gray-900">
              {t.steps.stepOf(step, 5)}: {names[step - 1]}
            </span>
            {step > 1 && step < 5 && (
              <a href={links[0] ?? "#"} className={`${compactTapArea} font-semibold text-(--brand-ink)`}>
                {t.steps.change}
              </a>
            )}
          </p>
          <div className="mt-1 flex gap-1" aria-hidden="true">
            {names.map((name, index) => (
              <span
                key={name}
                className={`h-1.5 flex-1 rounded-full ${index < step ? "bg-(--brand-ink)" : "bg-gray-200"}`}
              />
            ))}
          </div>
          {step < 5 && (
            <p className="mt-2 text-sm wrap-anywhere text-gray-700" data-testid="step-summary">
              {details[0]}
              {booking.valid && <> · {dates}</>}
              {step > 2 && vehicle ? ` · ${vehicle.name}` : ""}
            </p>
          )}
        </div>
        {/* Tablet and desktop: every step with what was chosen in it. */}
        {/* The trip's step has two columns of six: its places, dates and times are the longest. */}
        <ol className="hidden gap-2 md:grid md:grid-cols-6">
          {names.map((name, index) => {
            const number = index + 1;
            // A trip still to correct is not ticked as done, whatever step the visitor is on; once
            // booked (whose address holds the booking, not the trip), every step is.
            const done = number < step && (number > 1 || booking.valid || step === 5);
            const current = number === step;
            const link = canLink(index);
            const content = (
              <>
                <span className="flex items-center gap-2 text-sm font-semibold">
                  <span
                    className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs ${
                      current || done ? "bg-(--brand) text-(--on-brand)" : "bg-gray-200 text-gray-700"
                    }`}
                    aria-hidden="true"
                  >
                    {done ? <Check className="size-3.5" /> : number}
                  </span>
                  <span className={current ? "text-gray-900" : "text-gray-700"}>{name}</span>
                  {current && <span className="sr-only">({t.steps.current})</span>}
                </span>
                {details[index] && step < 5 && number <= Math.max(step, 2) && (
                  <span className="mt-0.5 block pl-8 text-xs wrap-anywhere text-gray-600">
                    {index === 0 && booking.valid ? (
                      // The trip: its places (a long name cut at two lines) and both dates and times
                      // whole, each on a line of its own where the column is narrow.
                      <>
                        <span className="line-clamp-2">{places}</span>
                        <span className="block">{dates}</span>
                      </>
                    ) : (
                      <span className="line-clamp-2">{details[index]}</span>
                    )}
                  </span>
                )}
              </>
            );
            return (
              <li
                key={name}
                aria-current={current ? "step" : undefined}
                className={`min-w-0 border-t-4 pt-2 ${index === 0 ? "col-span-2" : ""} ${current || done ? "border-(--brand-ink)" : "border-gray-200"}`}
              >
                {link ? (
                  <a href={link} className="block rounded-md hover:bg-gray-50">
                    {content}
                  </a>
                ) : (
                  content
                )}
              </li>
            );
          })}
        </ol>
      </div>
    </nav>
  );
}
