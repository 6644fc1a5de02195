import * as lucide from "lucide-react";
import { usePage } from "../context";
import { reviewWords } from "../i18n/review";
import type { Booked } from "../lib/tab-memory";
import { buttonPrimary, buttonSecondary } from "../lib/ui";
import { keptIcon } from "./icons";

const CircleCheck = keptIcon(lucide.CircleCheck);

/** This review was booked already in this tab: where to see it, or start another booking. */
export function AlreadyBooked({ booked, onBookAgain }: { booked: Booked; onBookAgain: () => void }) {
  const { data } = usePage();
  const review = reviewWords[data.language];
  return (
    <div
      className="grid gap-3 rounded-xl border border-green-200 bg-green-50 p-4 text-green-950"
      role="status"
      data-testid="already-booked"
    >
      <p className="flex gap-2 font-semibold">
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span className="min-w-0">
          {/* The reference is one word: never broken at its hyphen (only cut where no line holds it, at 200 % text). */}
          {review
            .alreadyBooked(booked.reference)
            .split(booked.reference)
            .flatMap((part, index) =>
              index === 0 ? [part] : [<ReferenceText key={part} reference={booked.reference} />, part],
            )}
        </span>
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <a href={booked.href} className={buttonPrimary} data-testid="already-booked-link">
          {review.alreadyBookedLink}
        </a>
        <button type="button" onClick={onBookAgain} className={buttonSecondary} data-testid="book-again">
          {review.bookAgain}
        </button>
      </div>
    </div>
  );
}

const ReferenceText = ({ reference }: { reference: string }) => (
  <span className="inline-block max-w-full wrap-anywhere" data-testid="already-booked-reference">
    {reference}
  </span>
);
