import type { Language } from "@domain/languages";
import type { PaymentSettingsView } from "@domain/payments";
import { amountInputText } from "@web/lib/format";

/** The "Pagos" form as typed: numbers and money as text, as the owner sees them. */
export type PaymentValues = {
  prepay: PaymentSettingsView["prepay"];
  prepay_percent: string;
  prepay_amount: string;
  channel: PaymentSettingsView["channel"];
  pickup_methods: string[];
  deposit_hold: PaymentSettingsView["deposit_hold"];
  deposit_hold_days: string;
  hold_minutes: string;
  transfer: {
    bank: string;
    holder: string;
    account: string;
    account_type: string;
    tax_id: string;
    instructions: string;
    /** The instructions in the landing's other language (PRODUCT §7), under that language, as the API takes them. */
    translations: Partial<Record<Language, { instructions: string }>>;
    deadline_hours: string;
  };
  version: number;
};

export const paymentValues = (
  settings: PaymentSettingsView,
  version: number,
  language: Language,
  otherLanguage: Language,
): PaymentValues => ({
  prepay: settings.prepay,
  prepay_percent: String(settings.prepay_percent),
  prepay_amount: settings.prepay_amount_cents > 0 ? amountInputText(settings.prepay_amount_cents, language) : "",
  channel: settings.channel,
  pickup_methods: settings.pickup_methods,
  deposit_hold: settings.deposit_hold,
  deposit_hold_days: String(settings.deposit_hold_days),
  hold_minutes: String(settings.hold_minutes),
  transfer: {
    ...settings.transfer,
    translations: {
      [otherLanguage]: { instructions: settings.transfer.translations?.[otherLanguage]?.instructions ?? "" },
    },
    deadline_hours: String(settings.transfer.deadline_hours),
  },
  version,
});

/** The fields a 422 may name, in the order they appear. */
export const PAYMENT_FIELDS = [
  "prepay",
  "prepay_percent",
  "prepay_amount",
  "channel",
  "transfer.bank",
  "transfer.holder",
  "transfer.account",
  "transfer.account_type",
  "transfer.tax_id",
  "transfer.instructions",
  "transfer.translations.es.instructions",
  "transfer.translations.en.instructions",
  "transfer.deadline_hours",
  "pickup_methods",
  "deposit_hold",
  "deposit_hold_days",
  "hold_minutes",
] as const;
