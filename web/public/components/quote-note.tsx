import * as lucide from "lucide-react";
import { usePage } from "../context";
import { reviewWords } from "../i18n/review";
import { linkText } from "../lib/ui";
import type { QuoteState } from "../lib/use-quote-check";
import { keptIcon } from "./icons";

const CircleCheck = keptIcon(lucide.CircleCheck);
const Info = keptIcon(lucide.Info);
const LoaderCircle = keptIcon(lucide.LoaderCircle);
const TriangleAlert = keptIcon(lucide.TriangleAlert);

/**
 * Under the review's price: what the server's quote said of it, and where to go when it refused
 * (`first`: a refusal, said above the price instead).
 */
export function QuoteNote({
  quote,
  preview,
  listHref,
  first = false,
}: {
  quote: QuoteState;
  preview: boolean;
  listHref: string;
  first?: boolean;
}) {
  const { data, t } = usePage();
  const review = reviewWords[data.language];
  if (preview) return null;
  // wrap-anywhere: a word longer than the line (200 % text on a phone) breaks rather than run out.
  const base = `${first ? "mb-4" : "mt-4"} flex gap-2 rounded-lg px-3 py-2 text-sm wrap-anywhere`;
  switch (quote.state) {
    case "checking":
      return (
        // Without JavaScript nothing checks: the form's own notice says to turn it on.
        <p className={`${base} bg-gray-100 text-gray-800 noscript:hidden`} data-testid="quote-checking">
          <LoaderCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 motion-safe:animate-spin" />
          {review.checking}
        </p>
      );
    case "confirmed":
      return (
        <p className={`${base} bg-green-50 text-green-900`} role="status" data-testid="quote-confirmed">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {review.confirmed}
        </p>
      );
    case "changed":
      return (
        <p className={`${base} bg-amber-50 text-amber-900`} role="status" data-testid="quote-changed">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {review.changed}
        </p>
      );
    case "unavailable":
      return (
        <div className={`${base} bg-red-50 text-red-900`} role="alert" data-testid="quote-unavailable">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">{review.unavailable}</p>
            <a href={listHref} className={`${linkText} inline-flex min-h-11 items-center`}>
              {review.unavailableLink}
            </a>
          </div>
        </div>
      );
    case "refused":
      return (
        <div className={`${base} bg-red-50 text-red-900`} role="alert" data-testid="quote-refused">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            {quote.messages.map((message) => (
              <p key={message} className="font-semibold">
                {message}
              </p>
            ))}
            <a href={`${listHref}#search`} className={`${linkText} inline-flex min-h-11 items-center`}>
              {t.search.modify}
            </a>
          </div>
        </div>
      );
    case "bookingRefused":
      return null;
    case "failed":
      return (
        <p className={`${base} bg-gray-100 text-gray-800`} role="status">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {review.quoteFailed}
        </p>
      );
  }
}
