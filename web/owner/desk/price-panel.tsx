import type { DeskQuote } from "@domain/reservations";
import { PRICE_REASON_MAX } from "@domain/reservations";
import { displayMessage } from "@web/i18n/messages";
import { currentLanguage } from "@web/i18n/setup";
import { ApiError } from "@web/lib/api";
import { cn } from "@web/lib/cn";
import { formatMoney } from "@web/lib/format";
import { Spinner } from "@web/ui/spinner";
import { TextField } from "@web/ui/text-field";
import { CircleAlert, CircleCheck } from "lucide-react";
import type { ReactNode } from "react";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { PriceLines, PriceRow } from "../prices";
import type { BookingFormValues } from "./booking-form";

type PricePanelProps = {
  quote: DeskQuote | undefined;
  /** The form lacks what a price needs. */
  incomplete: boolean;
  loading: boolean;
  error: unknown;
  currency: string;
  register: UseFormRegister<BookingFormValues>;
  errors: FieldErrors<BookingFormValues>;
  /** The owner books past their own rules: those problems are listed as skipped. */
  skipping: boolean;
  /** Shown right under the price and what stops it (the choice to book past the owner's rules). */
  children?: ReactNode;
};

/** The rules that stop the booking, or (skipped) those the owner books past. */
function ProblemList({
  title,
  problems,
  tone = "stop",
}: {
  title: string;
  problems: DeskQuote["problems"];
  tone?: "stop" | "skipped";
}) {
  if (problems.length === 0) return null;
  return (
    <div
      className={cn(
        "rounded-md p-3 ring-1 ring-inset",
        tone === "stop" ? "bg-amber-50 text-amber-900 ring-amber-200" : "bg-gray-50 text-gray-800 ring-gray-200",
      )}
      data-testid={tone === "stop" ? "desk-problems" : "desk-problems-skipped"}
    >
      <p className="font-medium">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((problem) => (
          <li key={`${problem.rule}-${problem.field}-${problem.message}`}>{problem.message}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Why the quote could not be made: the server's words for a 422, every one of them (a pickup in
 * the past and a return before it are two things to change), else a generic sentence.
 */
function quoteErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const messages = [...new Set(Object.values(error.errors ?? {}).flat())];
  return messages.length > 0 ? messages.join(" ") : error.message || fallback;
}

/** What the rules price for this booking, whether a unit is free, and the owner's agreed price. */
export function PricePanel(props: PricePanelProps) {
  const { quote, incomplete, loading, error, currency, register, errors, skipping, children } = props;
  const { t } = useTranslation("desk");
  const language = currentLanguage();
  const amount = (cents: number) => formatMoney(cents, quote?.currency ?? currency, language);
  const fieldError = (field: keyof BookingFormValues) => displayMessage(t, errors[field]?.message);
  let body: ReactNode;
  if (incomplete) {
    body = <p className="text-gray-600">{t("price.waiting")}</p>;
  } else if (error && !loading) {
    body = (
      <p role="alert" className="flex items-start gap-2 font-medium text-red-700">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {quoteErrorText(error, t("price.error"))}
      </p>
    );
  } else if (!quote) {
    body = (
      <p className="flex items-center gap-2 text-gray-600">
        <Spinner className="size-4" />
        {t("price.loading")}
      </p>
    );
  } else {
    body = (
      <>
        <div className={cn("transition-opacity", loading && "opacity-60")}>
          <PriceLines price={quote} testId="desk-quote">
            <PriceRow ruled strong label={t("price.total")}>
              <span className="text-base">{amount(quote.total_cents)}</span>
            </PriceRow>
          </PriceLines>
        </div>
        {quote.deposit_cents > 0 && (
          <p className="text-gray-700">{t("price.deposit", { amount: amount(quote.deposit_cents) })}</p>
        )}
        {quote.available ? (
          <p className="flex items-start gap-2 font-medium text-green-800">
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t("price.free")}
          </p>
        ) : (
          <p className="flex items-start gap-2 font-medium text-red-700">
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t("price.taken")}
          </p>
        )}
        <ProblemList title={t("price.problems")} problems={quote.problems.filter((p) => !skipping || !p.overridable)} />
        {skipping && (
          <ProblemList
            title={t("price.problemsSkipped")}
            problems={quote.problems.filter((p) => p.overridable)}
            tone="skipped"
          />
        )}
      </>
    );
  }
  // What a screen reader hears when the price changes, in short: the total, whether a unit is free
  // and how many rules stop the booking (listed on screen). The whole breakdown, read again at
  // every change of a date or an extra, was too much to listen to (a keyboard walk's finding). A
  // quote refused is said by its message (role="alert").
  const stops = quote?.problems.filter((problem) => !skipping || !problem.overridable) ?? [];
  const spoken =
    !incomplete && !error && quote && !loading
      ? [
          t(quote.available ? "price.spokenFree" : "price.spokenTaken", { total: amount(quote.total_cents) }),
          ...(stops.length > 0 ? [t("price.spokenProblems", { count: stops.length })] : []),
        ].join(" ")
      : "";
  return (
    <div className="flex flex-col gap-4">
      <section
        aria-label={t("price.title")}
        className="flex flex-col gap-3 rounded-lg bg-gray-50 p-4 text-sm ring-1 ring-gray-200 ring-inset"
      >
        {body}
      </section>
      <p aria-live="polite" className="sr-only" data-testid="desk-quote-spoken">
        {spoken}
      </p>
      {children}
      <TextField
        label={t("price.agreed")}
        hint={t("price.agreedHint")}
        inputMode="decimal"
        autoComplete="off"
        error={fieldError("agreed_price")}
        {...register("agreed_price")}
      />
      <TextField
        label={t("price.reason")}
        hint={t("price.reasonHint")}
        autoComplete="off"
        maxLength={PRICE_REASON_MAX}
        error={fieldError("price_reason")}
        {...register("price_reason")}
      />
    </div>
  );
}
