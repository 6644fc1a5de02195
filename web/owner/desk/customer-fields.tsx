import { LANGUAGES, type Language } from "@domain/languages";
import { DESCRIPTION_MAX } from "@domain/reservations";
import { displayMessage } from "@web/i18n/messages";
import { useNarrowText } from "@web/lib/use-media-query";
import { CountedTextareaField } from "@web/ui/counted-textarea-field";
import { SelectField } from "@web/ui/native-select";
import { TextField } from "@web/ui/text-field";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { BookingFormValues } from "./booking-form";

type CustomerFieldsProps = {
  register: UseFormRegister<BookingFormValues>;
  errors: FieldErrors<BookingFormValues>;
  /** The confirmation email can only go to an email. */
  hasEmail: boolean;
  /** A change of a booking: the email tells the change, not a confirmation. */
  changing?: boolean;
  /**
   * A change of a booking made on the site: its comment is the one the customer wrote, which their
   * booking's page shows them. A booking taken at the desk has the owner's own, shown to no customer.
   */
  customersComment?: boolean;
  /** The comment's length as typed, for its counter. */
  commentLength: number;
  /** The chosen landing's language, once one is chosen: the customer's unless the owner picks another. */
  landingLanguage: Language | undefined;
};

/** Who booked: a name and a phone are enough; the email, if any, can receive the confirmation. */
export function CustomerFields({
  register,
  errors,
  hasEmail,
  changing = false,
  customersComment = false,
  commentLength,
  landingLanguage,
}: CustomerFieldsProps) {
  const { t } = useTranslation("desk");
  const languages = LANGUAGES.map((language) => ({ value: language, label: t(`translation:language.${language}`) }));
  // "" is the landing's language, which only a new booking is offered (a change has its own). On a
  // screen narrow for its text, "El de la landing (Español)" was cut in the list: it reads "Por
  // defecto" there, and the hint under the list names the landing's language.
  const narrow = useNarrowText();
  const landingsName = landingLanguage ? t(`translation:language.${landingLanguage}`) : null;
  const landingsLanguage = {
    value: "",
    label: narrow
      ? t("customer.languageOfLandingShort")
      : landingsName
        ? t("customer.languageOfLanding", { language: landingsName })
        : t("customer.languageOfLandingUnknown"),
  };
  const languageHint =
    narrow && landingsName && !changing
      ? t("customer.languageHintDefault", { language: landingsName })
      : t("customer.languageHint");
  const error = (field: keyof BookingFormValues) => displayMessage(t, errors[field]?.message);
  const optional = <span className="text-xs text-gray-600">{t("customer.optional")}</span>;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t("customer.name")}
        autoComplete="off"
        maxLength={100}
        error={error("name")}
        {...register("name")}
      />
      <TextField
        label={t("customer.lastName")}
        autoComplete="off"
        maxLength={100}
        error={error("last_name")}
        {...register("last_name")}
      />
      <TextField
        type="tel"
        label={t("customer.phone")}
        autoComplete="off"
        maxLength={30}
        error={error("phone")}
        {...register("phone")}
      />
      <TextField
        type="email"
        label={t("customer.email")}
        hint={t("customer.emailHint")}
        autoComplete="off"
        maxLength={255}
        error={error("email")}
        {...register("email")}
      />
      {/* A change shows the booking's own language (PRODUCT §6: kept for every later email), which the
          owner may correct. */}
      <SelectField
        label={t("customer.language")}
        hint={languageHint}
        options={changing ? languages : [landingsLanguage, ...languages]}
        {...register("language")}
      />
      <div className="sm:col-span-2">
        <label className="flex min-h-11 cursor-pointer items-start gap-3 text-sm text-gray-800">
          <input
            type="checkbox"
            disabled={!hasEmail}
            aria-describedby="desk-notify-hint"
            className="mt-0.5 size-5 shrink-0 rounded border-gray-300 accent-brand-600 disabled:cursor-not-allowed"
            {...register("notify_customer")}
          />
          <span>
            <span className="block font-medium">{t(changing ? "customer.notifyChange" : "customer.notify")}</span>
            <span id="desk-notify-hint" className="block text-gray-600">
              {hasEmail
                ? t(changing ? "customer.notifyChangeHint" : "customer.notifyHint")
                : t("customer.notifyNeedsEmail")}
            </span>
          </span>
        </label>
      </div>
      <div className="sm:col-span-2">
        <CountedTextareaField
          // Whose it is, and who reads it (a walk's finding: a note typed at the desk was shown to the
          // customer as "Tu comentario").
          label={t(customersComment ? "customer.customersComment" : "customer.comment")}
          hint={t(customersComment ? "customer.customersCommentHint" : "customer.commentHint")}
          note={optional}
          rows={2}
          count={commentLength}
          limit={DESCRIPTION_MAX}
          error={error("description")}
          {...register("description")}
        />
      </div>
    </div>
  );
}
