import { emailSuggestion } from "@domain/email-typos";
import type { PublicPayment, QuotedPayment } from "@domain/payments";
import { quotedPrepaymentCents } from "@domain/prepayment";
import { textLength } from "@domain/text-length";
import { isRepeatClick } from "@web/lib/repeat-click";
import * as lucide from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { usePage } from "../context";
import type { Dictionary } from "../i18n/es";
import { type ReviewWords, reviewWords } from "../i18n/review";
import { callApi } from "../lib/api";
import { type Attempt, attemptFor } from "../lib/booking-attempt";
import {
  COMMENT_MAX,
  CONTACT_FIELDS,
  type Contact,
  type ContactErrors,
  type ContactField,
  EMPTY_CONTACT,
  lengthProblem,
  serverFieldErrors,
  validateContact,
} from "../lib/contact";
import { focusField } from "../lib/focus-field";
import { formatMoney } from "../lib/format";
import { pickupMethodsText } from "../lib/labels";
import {
  rememberBooked,
  rememberContact,
  rememberExtras,
  rememberedContact,
  rememberPaymentUnopened,
} from "../lib/tab-memory";
import { fieldControl, fieldError, fieldLabel, linkText } from "../lib/ui";
import { hrefTo, withChanges } from "../lib/url";
import { useHydrated } from "../lib/use-hydrated";
import { useTypedBeforeHydration } from "../lib/use-typed-before-hydration";
import { keptIcon } from "./icons";

const CircleAlert = keptIcon(lucide.CircleAlert);
const Lock = keptIcon(lucide.Lock);

export const CONTACT_FORM_ID = "contact-form";

/** Which booking a review is for, whatever language it is read in: the request without the person. */
export const bookingIdentity = (request: BookingRequest) => JSON.stringify(request);

/** What the reservation needs besides the contact details (from the URL and the landing). */
export type BookingRequest = Record<string, unknown>;

/** The driver's date of birth, asked when an age rule applies (issue 10); its value also prices the page. */
export type BirthField = {
  initial: string;
  onChange: (value: string) => void;
  /** The latest date the input offers (today). */
  max: string;
  /** What the rules say of the date given (too young), in the server's words. */
  problem: string | null;
};

/**
 * What the visitor is told beside the button about paying: nothing online, or what now and how.
 * Before the quote has said how much (or when it could not), only a landing that takes nothing
 * before pickup promises that nothing is charged online.
 */
function paymentNote(
  t: Dictionary,
  review: ReviewWords,
  payment: { plan: QuotedPayment; totalCents: number } | null,
  landingPayment: PublicPayment,
  money: (cents: number) => string,
) {
  if (!payment) {
    if (landingPayment.prepay !== "none") return review.byEmail;
    // How it is paid at pickup, as the owner's Pagos tab set it: said before booking.
    const methods = pickupMethodsText(t, landingPayment.pickup_methods);
    return methods ? `${review.atPickup(methods)} ${review.byEmail}` : review.reassurance;
  }
  const { plan, totalCents } = payment;
  const words = review.pays;
  const parts: string[] = [];
  const methods = pickupMethodsText(t, plan.pickup_methods);
  // Of the total shown, which may include the driver's age fee the quote did not.
  const prepay = quotedPrepaymentCents(plan, totalCents);
  if (prepay > 0) {
    const rest = Math.max(0, totalCents - prepay);
    parts.push(
      plan.channel === "transfer" ? words.transfer(money(prepay)) : words.card(money(prepay)),
      rest > 0 ? words.rest(money(rest), methods) : "",
    );
  } else if (methods) {
    parts.push(review.atPickup(methods));
  }
  if (plan.deposit_hold !== "none") parts.push(words.deposit(money(plan.deposit_cents)));
  return parts.filter(Boolean).join(" ");
}

type Created = {
  reference: string;
  status: string;
  customer_token: string | null;
  /** The provider's page, when the booking waits for a card payment (issue 27). */
  payment_url: string | null;
  /** Why that page could not be opened as the booking was made (the provider did not answer). */
  payment_error: string | null;
};

/**
 * The contact form (SPEC §5). It sends the reservation as JSON with an Idempotency-Key that stays
 * the same while the same details are retried, from this page, after a reload or from another tab
 * (booking-attempt.ts); a 409 says the car was just taken, a 422 puts each
 * message under its field (a rule about the driver's age under the date of birth), success opens
 * the thank-you page. What is typed is kept for the tab until the reservation is made, so a reload,
 * back and forward or a language switch lose nothing (issue 24.4). Whether it is being sent is the
 * page's (`sending`), so the phone's bar shows the same as the form's own button.
 */
export function ContactForm({
  request,
  thanksHref,
  listHref,
  disabled,
  sending,
  onSending,
  birth = null,
  onTaken,
  onGone,
  children,
  payment = null,
  expectedTotalCents,
  onPriceChanged,
}: {
  request: BookingRequest;
  /** `replayed`: the booking was made by an earlier send of the same details (a lost answer, another tab). */
  thanksHref: (created: Created, replayed: boolean) => string;
  listHref: string;
  disabled: boolean;
  /** The reservation is on its way: from the moment it is sent until its answer (or the next page). */
  sending: boolean;
  onSending: (sending: boolean) => void;
  /** Null when no age rule asks for the date of birth. */
  birth?: BirthField | null;
  /** The vehicle was taken meanwhile (409): the page stops saying it is available. */
  onTaken?: () => void;
  /** The vehicle or the whole site was taken off meanwhile (404): the page stops offering to book. */
  onGone?: () => void;
  /** Shown between the fields and the button: the cancellation policy. */
  children: ReactNode;
  /** How the booking is paid, from the server's quote (issue 27), and its total; null: all at pickup. */
  payment?: { plan: QuotedPayment; totalCents: number } | null;
  /** The total the visitor reads, once the server's quote confirmed it: another total is refused. */
  expectedTotalCents?: number;
  /** The booking was refused because the price changed meanwhile: the page asks for it again. */
  onPriceChanged?: () => void;
}) {
  const { data, t } = usePage();
  const review = reviewWords[data.language];
  const [contact, setContact] = useState<Contact>(() => ({
    ...EMPTY_CONTACT,
    driver_birth_date: birth?.initial ?? "",
  }));
  const [errors, setErrors] = useState<ContactErrors>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<ContactField, string>>>({});
  // The email as it was likely meant, once the field is left with a slip in its provider.
  const [suggestedEmail, setSuggestedEmail] = useState<string | null>(null);
  const [problem, setProblem] = useState<{
    kind: "taken" | "gone" | "closed" | "failed" | "other";
    messages?: string[];
  } | null>(null);
  const ready = useHydrated();
  const attempt = useRef<(Attempt & { identity: string }) | null>(null);
  // A booking on its way, known at once: two taps in the same instant both passed the `sending`
  // check before React drew it, and the second landed on the thank-you page saying the booking had
  // been made before (a walk's finding). Set from the send until its answer, or for good once it leaves for the next page.
  const inFlight = useRef(false);
  // Back from the next page out of the back-forward cache, the page is as it was left, booking
  // "on its way": it is not any more (useBookedHere says whether it was made).
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      inFlight.current = false;
      onSending(false);
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, [onSending]);
  const alertRef = useRef<HTMLDivElement>(null);
  const landingName = data.landing.name;

  // What this tab typed before (read once the page runs: the server's HTML has empty fields), the
  // consent to the terms asked again; over it, what was typed into the server's fields while the
  // scripts loaded, the terms too if ticked on this very page.
  const formRef = useRef<HTMLFormElement>(null);
  const restored = useRef(false);
  useTypedBeforeHydration(formRef, (typed) => {
    const saved = rememberedContact(landingName);
    restored.current = true;
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    const found: Partial<Contact> = saved
      ? {
          name: text(saved.name),
          last_name: text(saved.last_name),
          email: text(saved.email),
          phone: text(saved.phone),
          description: text(saved.description),
          ...(birth && saved.driver_birth_date ? { driver_birth_date: text(saved.driver_birth_date) } : {}),
        }
      : {};
    // Each field by its id: text as text, the terms' box as ticked or not.
    for (const field of CONTACT_FIELDS) {
      const value = typed[`contact-${field}`];
      if (value !== undefined) Object.assign(found, { [field]: value });
    }
    if (Object.keys(found).length === 0) return;
    setContact((current) => ({ ...current, ...found }));
    if (birth && found.driver_birth_date) birth.onChange(found.driver_birth_date);
  });
  useEffect(() => {
    if (restored.current) rememberContact(landingName, { ...contact, terms_accepted: false });
  }, [contact, landingName]);
  // Each refusal's message takes the focus once it is on the page, so the visitor (and a screen
  // reader) is taken to it. After the commit, not in a frame callback: a frame could run before
  // React had drawn the message, and the focus stayed on the button below it (seen on a desktop).
  useEffect(() => {
    if (problem) alertRef.current?.focus();
  }, [problem]);

  const set = (field: ContactField, value: string | boolean) => {
    setContact((current) => ({ ...current, [field]: value }));
    // A field's message goes once it is changed (but for a text over its limit, said at once); the
    // next "Book now" checks every field again.
    setErrors((current) => ({ ...current, [field]: lengthProblem(field, value) }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    if (field === "email") setSuggestedEmail(null);
    if (field === "driver_birth_date" && typeof value === "string") birth?.onChange(value);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (disabled || inFlight.current) return;
    const found = validateContact(contact, birth !== null, birth?.max);
    setErrors(found);
    setServerErrors({});
    setProblem(null);
    const first = CONTACT_FIELDS.find((field) => found[field] || (field === "driver_birth_date" && birth?.problem));
    if (first) {
      focusField(`contact-${first}`);
      return;
    }
    const booking = {
      ...request,
      name: contact.name.trim(),
      last_name: contact.last_name.trim(),
      email: contact.email.trim(),
      phone: contact.phone.trim(),
      ...(birth ? { driver_birth_date: contact.driver_birth_date.trim() } : {}),
      description: contact.description.trim(),
      terms_accepted: true,
    };
    // What the key answers for: the booking, not the language or the total the page asked it with
    // (the server's fingerprint leaves them out too, site-booking.ts).
    const identity = JSON.stringify(booking);
    inFlight.current = true;
    onSending(true);
    try {
      // One key per attempt at the same booking: a retry after a lost answer cannot book twice.
      // Kept in the page too, for when storage is refused.
      if (attempt.current?.identity !== identity) {
        attempt.current = { ...(await attemptFor(landingName, identity)), identity };
      }
      const answer = await callApi<Created>("/api/reservations", data.language, {
        method: "POST",
        body: {
          ...booking,
          // The booking keeps the language it was made in: the customer's emails and page use it.
          language: data.language,
          ...(expectedTotalCents !== undefined ? { expected_total_cents: expectedTotalCents } : {}),
        },
        headers: { "Idempotency-Key": attempt.current.key },
      });
      if (answer.ok) {
        const created = answer.body;
        // A booking waiting for its payment lives on the customer's own page, which offers the payment again.
        const href =
          created.status === "awaiting_payment"
            ? hrefTo(
                data,
                { kind: "reservation", reference: created.reference },
                withChanges({}, { t: created.customer_token, lang: data.query.lang }),
              )
            : thanksHref(created, answer.replayed);
        // Made: the form's details are forgotten, and this review now leads to the booking (issue
        // 24.7), which keeps them for another booking of the same trip.
        rememberContact(landingName, null);
        rememberExtras(landingName, null);
        rememberBooked(landingName, {
          request: bookingIdentity(request),
          reference: created.reference,
          href,
          contact: { ...contact, terms_accepted: false },
          attempt: attempt.current.fingerprint,
        });
        // Its page then offers the payment again, and says why it was not opened.
        if (created.payment_error) rememberPaymentUnopened(created.reference);
        window.location.assign(created.payment_url ?? href);
        return;
      }
      if (answer.status === 409 && answer.rules?.includes("price")) {
        // Nothing booked: the new total is asked for and shown, and the visitor books again knowing it.
        setProblem({ kind: "other", messages: [answer.message] });
        onPriceChanged?.();
      } else if (answer.status === 409) {
        setProblem({ kind: "taken" });
        onTaken?.();
      } else if (answer.status === 404 && answer.rules) {
        // Deleted or unpublished while the visitor filled in the form (the 404 names which): said
        // plainly, not "Landing not found".
        setProblem({ kind: answer.rules.includes("landing") ? "closed" : "gone" });
        onGone?.();
      } else if (
        answer.status === 422 &&
        Object.keys(answer.errors ?? {}).some((key) => /^addons\.\d+\.id$/.test(key))
      ) {
        // An extra the owner removed while the visitor filled in the form: the page drawn again
        // leaves it out, says so and shows the price without it; the details typed are kept.
        window.location.reload();
        return;
      } else if (answer.status === 422) {
        const { fields, other } = serverFieldErrors(answer.errors);
        // A rule about the driver's age with no date-of-birth field on the page still shows.
        if (!birth && fields.driver_birth_date) {
          other.push(fields.driver_birth_date);
          delete fields.driver_birth_date;
        }
        setServerErrors(fields);
        setProblem({ kind: "other", messages: other.length > 0 ? other : [review.fixErrors] });
        const firstField = CONTACT_FIELDS.find((field) => fields[field]);
        if (firstField) focusField(`contact-${firstField}`);
      } else {
        setProblem({
          kind: answer.message ? "other" : "failed",
          messages: answer.message ? [answer.message] : undefined,
        });
      }
    } catch {
      setProblem({ kind: "failed" });
    }
    inFlight.current = false;
    onSending(false);
  }

  const commentLength = textLength(contact.description.trim());
  const message = (field: ContactField): string | null => {
    const server = serverErrors[field];
    if (server) return server;
    const found = errors[field];
    if (!found) return field === "driver_birth_date" ? (birth?.problem ?? null) : null;
    if (found.key === "tooLong") return review.errors.tooLong(found.max);
    return review.errors[found.key];
  };
  const describedBy = (field: ContactField, hint?: string) =>
    [hint, message(field) ? `contact-${field}-error` : null].filter(Boolean).join(" ") || undefined;
  const errorText = (field: ContactField) => {
    const text = message(field);
    return text ? (
      <p id={`contact-${field}-error`} className={fieldError} data-testid={`contact-error-${field}`}>
        {text}
      </p>
    ) : null;
  };
  const input = (
    field: "name" | "last_name" | "email" | "phone",
    label: string,
    type: string,
    autoComplete: string,
  ) => (
    <div>
      <label htmlFor={`contact-${field}`} className={fieldLabel}>
        {label}
      </label>
      <input
        id={`contact-${field}`}
        name={field}
        type={type}
        autoComplete={autoComplete}
        inputMode={field === "phone" ? "tel" : field === "email" ? "email" : undefined}
        value={contact[field]}
        onChange={(event) => set(field, event.currentTarget.value)}
        onBlur={field === "email" ? () => setSuggestedEmail(emailSuggestion(contact.email)) : undefined}
        aria-invalid={message(field) ? true : undefined}
        aria-describedby={describedBy(field)}
        className={fieldControl}
        data-testid={`contact-${field}`}
      />
      {errorText(field)}
      {field === "email" && (
        // Always there, so a screen reader hears the suggestion when it comes.
        <p aria-live="polite" className="mt-1 text-sm text-gray-700" data-testid="contact-email-suggestion">
          {suggestedEmail && (
            <>
              {review.didYouMean.before}{" "}
              <button type="button" className={linkText} onClick={() => set("email", suggestedEmail)}>
                {suggestedEmail}
              </button>
              {review.didYouMean.after}
            </>
          )}
        </p>
      )}
    </div>
  );

  return (
    <form
      ref={formRef}
      id={CONTACT_FORM_ID}
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      data-testid="contact-form"
    >
      {problem && (
        <div
          ref={alertRef}
          tabIndex={-1}
          role="alert"
          className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900"
          data-testid={
            problem.kind === "failed" || problem.kind === "other" ? "submit-problem" : `vehicle-${problem.kind}`
          }
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            {problem.kind === "taken" || problem.kind === "gone" || problem.kind === "closed" ? (
              <>
                <p className="font-semibold">{review[`${problem.kind}Title`]}</p>
                <p className="mt-1 text-sm">{problem.kind === "taken" ? review.takenBody : review.goneBody}</p>
                {/* A closed site has no list to go back to. */}
                {problem.kind !== "closed" && (
                  <a
                    href={listHref}
                    className={`${linkText} mt-2 inline-flex min-h-11 items-center`}
                    data-testid="taken-link"
                  >
                    {review.takenLink}
                  </a>
                )}
              </>
            ) : (
              (problem.messages ?? [review.failed]).map((text) => (
                <p key={text} className="font-medium">
                  {text}
                </p>
              ))
            )}
          </div>
        </div>
      )}
      {/* Before the fields, not by the button: a traveller without JavaScript learns it before typing
          them all (a walk's finding). */}
      <noscript>
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">{review.noscript}</p>
      </noscript>
      <div className="grid gap-4 sm:grid-cols-2">
        {input("name", review.name, "text", "given-name")}
        {input("last_name", review.lastName, "text", "family-name")}
        {input("email", review.email, "email", "email")}
        {input("phone", review.phone, "tel", "tel")}
        {birth && (
          <div>
            <label htmlFor="contact-driver_birth_date" className={fieldLabel}>
              {t.rules.birth}
            </label>
            <input
              id="contact-driver_birth_date"
              name="driver_birth_date"
              type="date"
              autoComplete="bday"
              max={birth.max}
              value={contact.driver_birth_date}
              onChange={(event) => set("driver_birth_date", event.currentTarget.value)}
              aria-invalid={message("driver_birth_date") ? true : undefined}
              aria-describedby={describedBy("driver_birth_date", "contact-driver_birth_date-hint")}
              className={fieldControl}
              data-testid="contact-driver_birth_date"
            />
            <p id="contact-driver_birth_date-hint" className="mt-1 text-sm text-gray-600">
              {t.rules.birthHint}
            </p>
            {errorText("driver_birth_date")}
          </div>
        )}
      </div>
      <div>
        <label htmlFor="contact-description" className={fieldLabel}>
          {review.comment}
        </label>
        <textarea
          id="contact-description"
          name="description"
          rows={3}
          value={contact.description}
          onChange={(event) => set("description", event.currentTarget.value)}
          aria-invalid={message("description") ? true : undefined}
          aria-describedby={describedBy("description", "contact-description-hint")}
          className={`${fieldControl} h-auto py-2`}
          data-testid="contact-description"
        />
        <p id="contact-description-hint" className="mt-1 flex justify-between gap-3 text-sm text-gray-600">
          <span>{review.commentHint}</span>
          {/* How much room is left, once it starts to matter: a long paste shows it at once. */}
          {commentLength > COMMENT_MAX * 0.8 && (
            <span
              className={`shrink-0 tabular-nums ${commentLength > COMMENT_MAX ? "font-semibold text-red-700" : ""}`}
              data-testid="contact-description-count"
            >
              {review.commentCount(commentLength, COMMENT_MAX)}
            </span>
          )}
        </p>
        {errorText("description")}
      </div>
      {children}
      <div>
        <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-gray-800">
          <input
            id="contact-terms_accepted"
            type="checkbox"
            name="terms_accepted"
            checked={contact.terms_accepted}
            onChange={(event) => {
              // Consent is a click of its own. The second click of a double click on "Book now"
              // lands where the errors it revealed moved the page, which can be these terms (seen
              // on a desktop with the form empty): React puts the box back as it was.
              if (isRepeatClick(event.nativeEvent)) return;
              set("terms_accepted", event.currentTarget.checked);
            }}
            aria-invalid={message("terms_accepted") ? true : undefined}
            aria-describedby={describedBy("terms_accepted")}
            className="mt-0.5 size-5 shrink-0 accent-(--brand)"
            data-testid="contact-terms"
          />
          <span>{data.landing.rules.terms.trim() ? review.termsWithConditions : review.terms}</span>
        </label>
        {errorText("terms_accepted")}
      </div>
      <button
        type="submit"
        disabled={!ready || disabled}
        // While sending it stays focusable (onSubmit refuses a second send): focus is not lost.
        aria-disabled={sending || undefined}
        aria-busy={sending || undefined}
        className="inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-lg bg-(--brand) px-5 text-lg font-semibold text-(--on-brand) shadow-sm hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60 aria-busy:cursor-wait aria-busy:opacity-60"
        data-testid="reserve"
      >
        <Lock aria-hidden="true" className="size-5" />
        {sending ? review.submitting : review.submit}
      </button>
      {/* Greyed until the page's script takes over; on a slow connection (a walk's: 39 s) it says why. */}
      {!ready && (
        <p className="appear-late text-center text-sm text-gray-600" data-testid="reserve-preparing">
          {reviewWords[data.language].preparing}
        </p>
      )}
      {/* A greyed button alone says nothing (a walk's finding): why is beside the price, said here where
          the eye is; unless this form's own message above says it (the car taken as it was booked). */}
      {ready && disabled && !data.preview && !problem && (
        <p className="text-center text-sm font-medium text-amber-900" data-testid="reserve-blocked">
          {reviewWords[data.language].blocked}
        </p>
      )}
      <p className="text-center text-sm text-gray-600" data-testid="payment-note">
        {paymentNote(t, review, payment, data.landing.payment, (cents) =>
          formatMoney(cents, data.landing.currency, data.language),
        )}
      </p>
    </form>
  );
}
