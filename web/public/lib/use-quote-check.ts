import type { Language } from "@domain/languages";
import type { QuotedPayment } from "@domain/payments";
import { readPrice } from "@domain/price-breakdown";
import type { PriceBreakdown } from "@domain/pricing";
import { useCallback, useEffect, useState } from "react";
import { callApi, type Quote } from "./api";

/** What the server's quote said of the review's price. */
export type QuoteState =
  | { state: "checking" }
  | { state: "confirmed"; payment: QuotedPayment | null }
  | { state: "changed"; price: PriceBreakdown; payment: QuotedPayment | null }
  | { state: "unavailable" }
  /**
   * The booking itself was refused as the vehicle was taken, or it or the site taken off, while the
   * visitor filled in the form: the contact form says so, once (the price's note said it again).
   */
  | { state: "bookingRefused" }
  | { state: "refused"; messages: string[] }
  | { state: "failed" };

/**
 * Asks the server to quote the review's trip (`quoteQuery`, "" while the choice is incomplete)
 * and compares its total with the page's `expectedTotal`: confirmed, changed (with the server's
 * price), no longer available, refused by a rule, or not reachable. A preview never asks. The
 * setter lets the booking itself say the car was taken meanwhile, and `recheck` asks again when
 * the booking found the price changed.
 */
export function useQuoteCheck({
  landingName,
  quoteQuery,
  language,
  preview,
  expectedTotal,
}: {
  landingName: string;
  quoteQuery: string;
  language: Language;
  preview: boolean;
  expectedTotal: number | undefined;
}) {
  const [quote, setQuote] = useState<QuoteState>({ state: "checking" });
  // Bumped to ask again: the booking was refused because the price changed meanwhile.
  const [round, setRound] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is not read, only asks again.
  useEffect(() => {
    if (!quoteQuery || preview) return;
    let live = true;
    setQuote({ state: "checking" });
    callApi<Quote>(`/api/publicLanding/${encodeURIComponent(landingName)}/quote${quoteQuery}`, language)
      .then((answer) => {
        if (!live) return;
        if (!answer.ok) return setQuote({ state: "failed" });
        if (!answer.body.available) return setQuote({ state: "unavailable" });
        // The date of birth is the form's to ask and check; the rest of the rules stop the booking.
        const refused = (answer.body.problems ?? []).filter((problem) => problem.field !== "driver_birth_date");
        if (refused.length > 0) {
          return setQuote({ state: "refused", messages: [...new Set(refused.map((problem) => problem.message))] });
        }
        const server = readPrice(answer.body);
        const payment = answer.body.payment ?? null;
        setQuote(
          server.totalCents === expectedTotal
            ? { state: "confirmed", payment }
            : { state: "changed", price: server, payment },
        );
      })
      .catch(() => live && setQuote({ state: "failed" }));
    return () => {
      live = false;
    };
  }, [quoteQuery, preview, language, landingName, expectedTotal, round]);
  const recheck = useCallback(() => setRound((value) => value + 1), []);
  return [quote, setQuote, recheck] as const;
}
