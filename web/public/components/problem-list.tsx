import type { Language } from "@domain/languages";
import { seatMessages } from "@domain/seat-messages";
import * as lucide from "lucide-react";
import type { Booking } from "../lib/booking";
import { keptIcon } from "./icons";

const CircleAlert = keptIcon(lucide.CircleAlert);

/** Why a rental cannot be booked as searched (the rules' messages, availability), before the last step. */
export function ProblemList({ title, reasons, testId }: { title: string; reasons: string[]; testId: string }) {
  return (
    <div className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-testid={testId}>
      <p className="flex items-center gap-2 font-semibold">
        <CircleAlert aria-hidden="true" className="size-4 shrink-0" />
        {title}
      </p>
      <ul className="mt-1 grid list-disc gap-0.5 pl-6 font-medium">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * More people than the chosen vehicle carries, in words, as the server refuses it (or nothing): a
 * reason the list above shows on the pages of one vehicle (its page, the extras, the review), after
 * the rules'. The vehicle list filters by seats instead, so its scripts do not carry this.
 */
export const seatReasons = (language: Language, booking: Pick<Booking, "seatLimit">): string[] =>
  booking.seatLimit === null
    ? []
    : [seatMessages[language].tooManyPeople.replace("{{max}}", String(booking.seatLimit))];
