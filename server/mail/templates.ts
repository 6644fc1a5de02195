import { signedMoney } from "@domain/agreed-price";
import { cancellationPolicyWords, policyLines } from "@domain/cancellation-words";
import { landingTheme } from "@domain/colors";
import { formatDateTime } from "@domain/date-format";
import type { Language } from "@domain/languages";
import { formatMoney } from "@domain/money";
import {
  handPaidCents,
  handRefundCents,
  owedBackByHandCents,
  type PaymentSummary,
  prepaymentForFeeCents,
  refundedByProviderCents,
  settledOnCancel,
  summaryByWay,
} from "@domain/payments";
import { endedWithoutRental, pickedUp } from "@domain/picked-up";
import { addonLineName, rentalLineSeason } from "@domain/pricing";
import { toLocal } from "@domain/rental-time";
import type { Reservation } from "@domain/reservations";
import { translated } from "@domain/translations";
import { escapeHtml } from "../ssr";
import { type MailCopyKey, mailText } from "./copy";

export type MailKind =
  | "reservation.owner"
  | "reservation.owner.cancelled"
  | "reservation.customer"
  | "reservation.confirmed"
  | "reservation.cancelled"
  /** A request the owner turned down before confirming it: no fee, no "cancellation". */
  | "reservation.declined"
  /** The owner changed the booking (issue 25.21): how it stands now, and the total it had. */
  | "reservation.changed"
  /** The owner gave money back, or charged or released the deposit held on the card (issue 27). */
  | "reservation.money"
  /** A booking waiting for its card payment: the link to pay, and until when its unit is kept. */
  | "reservation.payment_due"
  /** A booking whose payment did not come in time lapsed, and nothing was charged. */
  | "reservation.lapsed"
  /** A payment that came after its booking lapsed, or after its unit went to someone else: all of it goes back. */
  | "reservation.late_payment"
  /** The rental agreement the customer signed at pickup (issue 28.3), attached. */
  | "reservation.agreement"
  /** The rental's invoice, issued at its return (issue 28.5), attached. */
  | "reservation.invoice"
  /** 48 hours before pickup: do the express pickup from the phone (issue 28.6). */
  | "reservation.express";

/** What the owner did with a booking's money, as its email tells the customer. */
export type MoneyNotice = {
  /**
   * `refundedByHand`: given back outside the card provider (a transfer back, cash), as the owner
   * recorded it; `refundByHandUndone`: such a refund, told to the customer, undone as a mistake.
   */
  kind: "refunded" | "refundedByHand" | "refundByHandUndone" | "captured" | "released";
  amountCents: number;
  reason: string | null;
  /** How money given back by hand went: "transfer", "cash" or "card" (the owner's own terminal). */
  method?: string | null;
};

/** What every email about a booking shows: the landing's brand and the booking as stored. */
export type BookingMail = {
  language: Language;
  landing: {
    displayName: string;
    logoUrl: string | null;
    colorPrimary: string;
    colorSecondary: string;
    /** Deadlines are told on the landing's wall clock. */
    timeZone: string;
    /** The landing's public site, where a lapsed booking can be made again. */
    siteUrl: string;
  };
  reservation: Reservation;
  /** Absolute address of the vehicle's cover photo, or null. */
  vehicleImageUrl: string | null;
  /** The customer's own page (read, cancel), when this email carries a secret for it. */
  customerUrl?: string;
  /** The express pickup's page (issue 28.6), with the same secret. */
  expressUrl?: string;
  /** The owner's emails: the booking in their dashboard's reservations. */
  dashboardUrl?: string;
  /** A changed booking's total before the change, when the change moved it. */
  previousTotalCents?: number;
  /** "reservation.money": what moved and why. */
  money?: MoneyNotice;
};

export type RenderedMail = { subject: string; html: string; text: string };

export type Row = [label: string, value: string];

export function priceRows({ language, reservation: r }: BookingMail): Row[] {
  const money = (cents: number) => formatMoney(cents, r.currency, language);
  const t = (key: MailCopyKey, params?: Record<string, string | number>) => mailText(language, key, params);
  const rental = r.rental_lines.map((line): Row => {
    const price = money(line.price_per_day_cents);
    const season = rentalLineSeason(line, language);
    if (season) return [t("rentalSeason", { season, days: line.days, price }), money(line.total_cents)];
    return [
      line.days === 1 ? t("rentalOne", { price }) : t("rental", { days: line.days, price }),
      money(line.total_cents),
    ];
  });
  const discount: Row[] =
    r.discount_cents > 0 ? [[t("discount", { rate: r.discount_rate }), `−${money(r.discount_cents)}`]] : [];
  const fees = r.fees.map((fee): Row => [t(FEE_COPY[fee.kind]), money(fee.total_cents)]);
  // An agreed price: what it adds to or takes off the lines, so they add up to its subtotal.
  const adjustment: Row[] = r.adjustment_cents !== 0 ? [[t("adjustment"), signedMoney(r.adjustment_cents, money)]] : [];
  return [
    ...rental,
    ...discount,
    ...fees,
    // Named in the reader's language (the owner's email of an English booking is in Spanish); an
    // extra is priced by the day, as the site's lines say.
    ...r.addons.map(
      (line): Row => [
        t(r.days === 1 ? "addonOneDay" : "addon", {
          name: addonLineName(line, language),
          quantity: line.quantity,
          days: r.days,
        }),
        money(line.total_cents),
      ],
    ),
    ...adjustment,
    [t("subtotal"), money(r.subtotal_cents)],
    [t("tax", { label: r.tax_label, rate: r.tax_rate }), money(r.tax_cents)],
    [t("total"), money(r.total_cents)],
  ];
}

/**
 * The booking's details: reference, vehicle, where and when; the party (people, bags) unless
 * `party` is false, as on the invoice, which bills the rental and says nothing of who rode in it.
 */
export function detailRows(
  { language, reservation: r }: BookingMail,
  withContact: boolean,
  { party = true }: { party?: boolean } = {},
): Row[] {
  const t = (key: MailCopyKey) => mailText(language, key);
  const rows: Row[] = [
    [t("reference"), r.reference],
    [t("vehicle"), r.vehicle.name],
    [t("pickup"), `${r.place_of_departure}, ${formatDateTime(r.date_of_departure, r.time_of_departure, language)}`],
    [t("dropoff"), `${r.arrival_place}, ${formatDateTime(r.date_of_arrival, r.time_of_arrival, language)}`],
    ...(party
      ? [
          [t("people"), String(r.number_person)] as Row,
          // Bags only when the customer said some: the site does not ask, so 0 means "not asked".
          ...(r.number_bag > 0 ? [[t("bags"), String(r.number_bag)] as Row] : []),
        ]
      : []),
  ];
  if (withContact) {
    rows.push([t("customer"), `${r.name} ${r.last_name}`], [t("email"), r.email], [t("phone"), r.phone]);
  }
  return rows;
}

/**
 * The customer's comment, for the owner: under its own title, left to right and on the lines the
 * customer wrote it on (a flight number, then an arrival time). As a row of the details it sat
 * right-aligned in a table cell, its lines run together by mail apps (a walk's finding).
 */
function commentSection({ language, reservation: r }: BookingMail): Section[] {
  return r.description ? [{ title: mailText(language, "comment"), text: r.description }] : [];
}

const FEE_COPY: Record<Reservation["fees"][number]["kind"], MailCopyKey> = {
  oneWay: "feeOneWay",
  afterHoursPickup: "feeAfterHoursPickup",
  afterHoursReturn: "feeAfterHoursReturn",
  youngDriver: "feeYoungDriver",
};

/** Pays by card before pickup (issue 27): a cancellation's fee is kept from the payment, the rest goes back. */
const paysByCard = (r: Reservation) => r.payment !== null && r.payment.channel === "card" && r.payment.prepay_cents > 0;

/**
 * The policy the booking was made under (stored with it), in the words its review page showed
 * (`CancellationPolicy`), with what becomes of the money paid when booking.
 */
export function policyText({ language, landing, reservation: r }: BookingMail) {
  const words = cancellationPolicyWords[language];
  const policy = r.cancellation_policy;
  const money = (cents: number) => formatMoney(cents, r.currency, language);
  const prepaid = r.payment?.prepay_cents ?? 0;
  const paid =
    prepaid <= 0
      ? words.paid.atPickup
      : paysByCard(r)
        ? words.paid.card
        : words.paid.transfer(money(prepaid), landing.displayName);
  const fees = {
    lateFeeCents: policy.late_fee_cents,
    earlyFeeCents: policy.early_fee_cents,
    windowHours: policy.window_hours,
  };
  return policyLines(words, fees, money, paid).join(" ");
}

/**
 * Express pickup (issue 28.6): the drivers, licences and agreement done from the phone before
 * coming, the counter then a two-minute stop. `lead`: the email is about it (the 48-hour reminder).
 */
function expressSection(mail: BookingMail, lead: boolean): Section[] {
  if (!mail.expressUrl) return [];
  const t = (key: MailCopyKey) => mailText(mail.language, key);
  return [
    {
      lead,
      title: lead ? undefined : t("expressTitle"),
      text: t("expressText"),
      link: { label: t("expressButton"), url: mail.expressUrl },
    },
  ];
}

/** The security deposit when the vehicle has one: held at pickup, or on the card (issue 27). */
export function depositSection(
  { language, reservation: r }: BookingMail,
  reader: "customer" | "owner" = "customer",
): Section[] {
  if (r.deposit_cents <= 0) return [];
  const amount = formatMoney(r.deposit_cents, r.currency, language);
  const onCard = r.payment !== null && r.payment.deposit_hold !== "none";
  return [
    {
      title: mailText(language, "depositTitle"),
      // The owner is told whose card holds it: "your card" read as theirs.
      text: mailText(language, onCard ? (reader === "owner" ? "depositOnCardOwner" : "depositOnCard") : "deposit", {
        amount,
      }),
    },
  ];
}

/**
 * What a cancellation's fee means for the customer. Paid by card (issue 27): the fee is kept from
 * the payment and the rest goes back to the card. Paid by bank transfer: the operator keeps the fee
 * and sends the rest back by transfer. Nothing paid: the fee is what the operator may charge, never
 * a refund.
 */
function cancelledMeaning(mail: BookingMail, fee: number, params: Record<string, string | number>): string {
  const { reservation: r, language } = mail;
  const money = (cents: number) => formatMoney(cents, r.currency, language);
  const paid = r.payment?.paid_cents ?? 0;
  // Paid to the operator by hand (cash, their terminal, a transfer they recorded) as well: what the
  // prepayment left of the fee is kept from it and the rest given back the same way.
  const byHand = handPaidCents(r.settlement);
  const prepaid = prepaymentForFeeCents(r.payment, r.settlement);
  const handRefund = handRefundCents(byHand, fee, prepaid);
  const handParams = { ...params, paid: money(byHand), fee: money(byHand - handRefund), refund: money(handRefund) };
  const handKey = handRefund === byHand ? "NoFee" : handRefund > 0 ? "FeeMeaning" : "Kept";
  const alsoByHand = byHand > 0 ? ` ${mailText(language, `handAlso${handKey}`, handParams)}` : "";
  if (paid > 0 && r.payment?.channel === "transfer") {
    const kept = Math.min(fee, paid);
    return (
      mailText(language, kept === 0 ? "transferNoFee" : kept < paid ? "transferFeeMeaning" : "transferKept", {
        ...params,
        paid: money(paid),
        fee: money(kept),
        refund: money(paid - kept),
      }) + alsoByHand
    );
  }
  if (paid > 0) {
    // Less its refunds made before: the card keeps at most what is left on it.
    const kept = Math.min(fee, prepaid);
    if (fee > 0 && prepaid > 0 && kept === prepaid) {
      // All of it stays for a fee as large or larger: nothing goes back to the card, the fee said
      // whole beside what was kept, and what neither the card nor the money paid by hand covers of it.
      const rest = fee - kept - (byHand - handRefund);
      return [
        mailText(language, "paidFeeKept", { ...params, paid: money(paid), fee: money(fee), kept: money(kept) }),
        alsoByHand.trim(),
        rest > 0 ? mailText(language, "feeRest", { rest: money(rest) }) : "",
      ]
        .filter(Boolean)
        .join(" ");
    }
    return (
      mailText(language, fee > 0 ? "paidFeeMeaning" : "paidNoFee", { ...params, paid: money(paid), fee: money(kept) }) +
      alsoByHand
    );
  }
  // Paid by hand alone: never "nothing was charged".
  if (byHand > 0) return mailText(language, `hand${handKey}`, handParams);
  if (fee > 0) return mailText(language, "feeMeaning", { ...params, fee: money(fee) });
  return mailText(language, r.confirmed_at === null ? "noFeeUnconfirmed" : "noFee", params);
}

/**
 * A cancellation's total and its fee. No fee (none under the policy, or forgone by the owner) is no
 * row: "según la política: US$0.00" read as if the policy said so; the text below says it has none.
 */
function cancelledRows(mail: BookingMail, fee: number): Row[] {
  const { reservation: r, language } = mail;
  const money = (cents: number) => formatMoney(cents, r.currency, language);
  const total: Row = [mailText(language, "total"), money(r.total_cents)];
  return fee > 0 ? [total, [mailText(language, "cancellationFee"), money(fee)]] : [total];
}

/**
 * The owner's side of a customer's cancellation, in the words of their booking's detail: of the
 * fee, what was kept of the money paid (`cancellation_fee_kept_cents`, never more than was paid),
 * and what of it was never collected. The policy's whole fee read as money the owner had, where
 * the customer had paid less of it.
 */
function ownerCancelledRows(mail: BookingMail): Row[] {
  const { reservation: r, language } = mail;
  const fee = r.cancellation_fee_cents ?? 0;
  const money = (cents: number) => formatMoney(cents, r.currency, language);
  const total: Row = [mailText(language, "total"), money(r.total_cents)];
  const kept = r.cancellation_fee_kept_cents ?? 0;
  return [
    total,
    ...(kept > 0 ? [[mailText(language, "ownerFeeKept"), money(kept)] as Row] : []),
    ...(fee > kept ? [[mailText(language, "ownerFeeUncollected"), money(fee - kept)] as Row] : []),
  ];
}

/** A booking waiting for its customer's bank transfer: confirmed when the owner marks it received, not on review. */
const awaitsTransfer = ({ reservation: r }: BookingMail) =>
  r.status === "awaiting_payment" && r.payment?.channel === "transfer";

/**
 * How the booking is paid (issue 27), when something is paid online: what was paid, came back,
 * is held and is left for pickup; while a bank transfer is awaited, where to send it and by when.
 */
export function paymentSection(mail: BookingMail, reader: "customer" | "owner" = "customer"): Section[] {
  const { language, reservation: r } = mail;
  const payment = r.payment;
  if (!payment) return [];
  const money = (cents: number) => formatMoney(cents, r.currency, language);
  const t = (key: MailCopyKey, params?: Record<string, string | number>) => mailText(language, key, params);
  // Nothing paid yet on a booking that waits for it: what is to be paid, not "Paid: US$0.00" (a walk's finding).
  const awaited = r.status === "awaiting_payment" && payment.paid_cents === 0 && payment.prepay_cents > 0;
  const byTransfer = payment.channel === "transfer";
  const toCard = byTransfer ? 0 : refundedByProviderCents(payment, r.settlement);
  const givenBack = payment.refunded_cents - toCard;
  // Ended with nothing paid (a deposit held and let go): no "Paid online: US$0.00" beside the text
  // that says nothing was charged.
  // Nor when nothing was to be paid online (all at pickup, or a deposit only held on the card): a
  // booking paid at pickup lists here only the money its owner recorded by hand.
  const nothingPaid = payment.paid_cents === 0 && (endedWithoutRental(r.status) || payment.prepay_cents === 0);
  const rows: Row[] = [
    ...(awaited
      ? [[t(byTransfer ? "toTransfer" : "toPayOnline"), money(payment.prepay_cents)] as Row]
      : nothingPaid
        ? []
        : [[t(byTransfer ? "paidByTransfer" : "paid"), money(payment.paid_cents)] as Row]),
    // Paid to the operator by hand (cash at the desk), apart from what was paid online, so the rows
    // add up to what is left to pay at pickup, as the customer's page lists them.
    ...(payment.received_by_hand_cents > 0 ? [[t("paidByHand"), money(payment.received_by_hand_cents)] as Row] : []),
    // A transfer's money goes back by transfer (or in cash), never to a card; of a card's refunds,
    // those the owner recorded by hand (cash, a transfer back) went back the way they were paid.
    ...(toCard > 0 ? [[t("refunded"), money(toCard)] as Row] : []),
    ...(givenBack > 0 ? [[t("refundedBack"), money(givenBack)] as Row] : []),
    ...(payment.refund_pending_cents > 0 ? [[t("refundPending"), money(payment.refund_pending_cents)] as Row] : []),
    // In the order of the customer's page (payment-box.tsx): what still goes back, what was kept, what is held.
    ...cancelledMoneyRows(mail, payment),
    ...(payment.held_cents > 0
      ? [[t(reader === "owner" ? "heldOwner" : "held"), money(payment.held_cents)] as Row]
      : []),
    ...(payment.captured_cents > 0 ? [[t("captured"), money(payment.captured_cents)] as Row] : []),
    // Once the car has left there is no pickup to pay at: what the counter took is on its invoice.
    // Nor once the booking is cancelled or a no-show: what was kept and goes back is said instead.
    ...(pickedUp(r.status) || endedWithoutRental(r.status)
      ? []
      : [[t("dueAtPickup"), money(payment.due_at_pickup_cents)] as Row]),
  ];
  const sections: Section[] = rows.length > 0 ? [{ title: t("paymentTitle"), rows }] : [];
  const transfer = payment.transfer;
  if (r.status === "awaiting_payment" && transfer && payment.due_at) {
    const due = toLocal(new Date(payment.due_at), mail.landing.timeZone);
    sections.push({
      title: t("transferTitle"),
      rows: [
        [t("transferBank"), transfer.bank],
        [t("transferHolder"), transfer.holder],
        [t("transferAccount"), [transfer.account, transfer.account_type].filter(Boolean).join(" · ")],
        [t("transferConcept"), r.reference],
      ],
      text: [
        t(reader === "owner" ? "transferDueOwner" : "transferDue", {
          amount: money(payment.prepay_cents),
          due: formatDateTime(due.date, due.time, language),
        }),
        translated(transfer.instructions, transfer.translations, "instructions", language),
      ]
        .filter(Boolean)
        .join(" "),
    });
  }
  return sections;
}

/**
 * A cancelled booking's money beside what was paid and given back: what of the fee was kept
 * (`cancellation_fee_kept_cents`, never more than was paid) and what still goes back by hand (a
 * transfer's prepayment, money recorded by hand); the cancellation's email and every receipt after it.
 */
function cancelledMoneyRows({ language, reservation: r }: BookingMail, payment: PaymentSummary): Row[] {
  if (r.status !== "cancelled") return [];
  const money = (cents: number) => formatMoney(cents, r.currency, language);
  const kept = r.cancellation_fee_kept_cents ?? 0;
  const owedBack = owedBackByHandCents(summaryByWay(payment), r.cancellation_fee_cents ?? 0);
  return [
    ...(owedBack > 0 ? [[mailText(language, "refundOwed"), money(owedBack)] as Row] : []),
    ...(kept > 0 ? [[mailText(language, "feeKept"), money(kept)] as Row] : []),
  ];
}

const tableHtml = (rows: Row[], boldLast = false) =>
  `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;font-size:14px">${rows
    .map(
      ([label, value], index) =>
        `<tr><td style="padding:6px 0;color:#4b5563">${escapeHtml(label)}</td><td style="padding:6px 0;text-align:right;${
          boldLast && index === rows.length - 1 ? "font-weight:700;border-top:1px solid #e5e7eb" : ""
        }">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>`;

const tableText = (rows: Row[]) => rows.map(([label, value]) => `${label}: ${value}`).join("\n");

/** A branded HTML email and its plain-text twin, built from escaped parts only. */
export type Section = {
  title?: string;
  rows?: Row[];
  text?: string;
  total?: boolean;
  link?: { label: string; url: string };
  /** Drawn right under the intro, above the vehicle's photo: the one thing the customer must do. */
  lead?: boolean;
};

function layout(mail: BookingMail, intro: string, sections: Section[]) {
  const theme = landingTheme(mail.landing.colorPrimary, mail.landing.colorSecondary);
  const name = escapeHtml(mail.landing.displayName);
  const header = mail.landing.logoUrl
    ? `<img src="${escapeHtml(mail.landing.logoUrl)}" alt="${name}" height="40" style="height:40px;max-width:200px">`
    : `<strong style="font-size:18px">${name}</strong>`;
  const photo = mail.vehicleImageUrl
    ? `<img src="${escapeHtml(mail.vehicleImageUrl)}" alt="${escapeHtml(mail.reservation.vehicle.name)}" width="536" style="width:100%;max-width:536px;border-radius:8px;margin:8px 0 16px">`
    : "";
  const draw = (section: Section) =>
    `${section.title ? `<h2 style="font-size:15px;margin:20px 0 6px;color:${theme.primaryInk}">${escapeHtml(section.title)}</h2>` : ""}${
      section.rows ? tableHtml(section.rows, section.total) : ""
    }${section.text ? `<p style="font-size:13px;line-height:1.5;color:#4b5563;margin:0 0 12px;white-space:pre-line">${escapeHtml(section.text)}</p>` : ""}${
      section.link
        ? `<p style="margin:16px 0 8px"><a href="${escapeHtml(section.link.url)}" style="display:inline-block;background:${theme.primary};color:${theme.onPrimary};padding:12px 20px;border-radius:8px;font-weight:700;text-decoration:none">${escapeHtml(section.link.label)}</a></p>`
        : ""
    }`;
  const lead = sections
    .filter((section) => section.lead)
    .map(draw)
    .join("");
  const body = sections
    .filter((section) => !section.lead)
    .map(draw)
    .join("");
  const html = `<!doctype html><html lang="${mail.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"></head><body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827"><table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px"><table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:12px;overflow:hidden"><tr><td style="background:${theme.primary};color:${theme.onPrimary};padding:16px 32px">${header}</td></tr><tr><td style="padding:24px 32px"><p style="font-size:15px;line-height:1.5;margin:0 0 8px">${escapeHtml(intro)}</p>${lead}${photo}${body}</td></tr><tr><td style="padding:16px 32px;font-size:12px;color:#6b7280;border-top:1px solid #e5e7eb">${escapeHtml(mailText(mail.language, "footer"))}</td></tr></table></td></tr></table></body></html>`;
  const text = [
    mail.landing.displayName,
    "",
    intro,
    ...sections.flatMap((section) => [
      "",
      ...(section.title ? [section.title] : []),
      ...(section.rows ? [tableText(section.rows)] : []),
      ...(section.text ? [section.text] : []),
      ...(section.link ? [`${section.link.label}: ${section.link.url}`] : []),
    ]),
    "",
    mailText(mail.language, "footer"),
  ].join("\n");
  return { html, text };
}

/** Renders one of the booking emails. */
export function renderMail(kind: MailKind, mail: BookingMail): RenderedMail {
  const r = mail.reservation;
  const params = { reference: r.reference, landing: mail.landing.displayName, vehicle: r.vehicle.name, name: r.name };
  const t = (key: MailCopyKey) => mailText(mail.language, key, params);
  const policy = { title: t("policyTitle"), text: policyText(mail) };
  switch (kind) {
    case "reservation.owner":
      return {
        subject: t("ownerSubject"),
        ...layout(mail, t(awaitsTransfer(mail) ? "ownerIntroTransfer" : "ownerIntro"), [
          { rows: detailRows(mail, true) },
          ...commentSection(mail),
          { rows: priceRows(mail), total: true },
          ...paymentSection(mail, "owner"),
          ...depositSection(mail, "owner"),
          ...(mail.dashboardUrl ? [{ link: { label: t("openInDashboard"), url: mail.dashboardUrl } }] : []),
        ]),
      };
    case "reservation.owner.cancelled":
      return {
        subject: t("ownerCancelledSubject"),
        ...layout(mail, t("ownerCancelledIntro"), [
          { rows: detailRows(mail, true) },
          ...commentSection(mail),
          { rows: ownerCancelledRows(mail) },
        ]),
      };
    case "reservation.customer":
      return {
        subject: t("customerSubject"),
        ...layout(mail, t(awaitsTransfer(mail) ? "customerIntroTransfer" : "customerIntro"), [
          { rows: detailRows(mail, false) },
          { rows: priceRows(mail), total: true },
          ...paymentSection(mail),
          ...depositSection(mail),
          {
            ...policy,
            link: mail.customerUrl ? { label: t("manageBooking"), url: mail.customerUrl } : undefined,
          },
        ]),
      };
    case "reservation.confirmed":
      return {
        subject: t("confirmedSubject"),
        ...layout(mail, t("confirmedIntro"), [
          ...expressSection(mail, false),
          { rows: detailRows(mail, false) },
          { rows: priceRows(mail), total: true },
          ...paymentSection(mail),
          ...depositSection(mail),
          { ...policy, link: mail.customerUrl ? { label: t("manageBooking"), url: mail.customerUrl } : undefined },
        ]),
      };
    case "reservation.express":
      return {
        subject: t("expressSubject"),
        ...layout(mail, t("expressIntro"), [...expressSection(mail, true), { rows: detailRows(mail, false) }]),
      };
    case "reservation.cancelled": {
      const fee = r.cancellation_fee_cents ?? 0;
      return {
        subject: t("cancelledSubject"),
        ...layout(mail, t("cancelledIntro"), [
          { rows: detailRows(mail, false) },
          { rows: cancelledRows(mail, fee) },
          { text: cancelledMeaning(mail, fee, params) },
          // As it stands once the cancellation is settled, right after this is written.
          ...paymentSection(
            r.payment
              ? { ...mail, reservation: { ...r, payment: settledOnCancel(r.payment, r.settlement, fee) } }
              : mail,
          ),
          policy,
        ]),
      };
    }
    case "reservation.changed": {
      const before = mail.previousTotalCents;
      const moved: Row[] =
        before !== undefined && before !== r.total_cents
          ? [[t("previousTotal"), formatMoney(before, r.currency, mail.language)]]
          : [];
      // The old total just above the new one, which stays the last, bold line.
      const prices = priceRows(mail);
      prices.splice(prices.length - 1, 0, ...moved);
      return {
        subject: t("changedSubject"),
        ...layout(mail, t("changedIntro"), [
          { rows: detailRows(mail, false) },
          { rows: prices, total: true },
          ...paymentSection(mail),
          ...depositSection(mail),
          { ...policy, link: mail.customerUrl ? { label: t("manageBooking"), url: mail.customerUrl } : undefined },
        ]),
      };
    }
    case "reservation.declined":
      return {
        subject: t("declinedSubject"),
        ...layout(mail, t("declinedIntro"), [{ rows: detailRows(mail, false) }]),
      };
    case "reservation.money":
      return moneyMail(mail, params);
    case "reservation.payment_due":
      return paymentDueMail(mail, params);
    case "reservation.lapsed":
      return lapsedMail(mail, params, false);
    case "reservation.late_payment":
      return lapsedMail(mail, params, true);
    case "reservation.agreement":
      return {
        subject: t("agreementSubject"),
        ...layout(mail, t("agreementIntro"), [{ rows: detailRows(mail, false) }]),
      };
    case "reservation.invoice":
      return {
        subject: t("invoiceSubject"),
        ...layout(mail, t("invoiceIntro"), [{ rows: detailRows(mail, false) }]),
      };
  }
}

/**
 * Sent when a booking paid by card is made (issue 27.7): a visitor who closed the provider's page
 * still has the way to pay, and knows until when the unit is theirs.
 */
function paymentDueMail(mail: BookingMail, params: Record<string, string>): RenderedMail {
  const r = mail.reservation;
  const due = r.payment?.due_at ? toLocal(new Date(r.payment.due_at), mail.landing.timeZone) : null;
  const money = (cents: number) => formatMoney(cents, r.currency, mail.language);
  const t = (key: MailCopyKey) =>
    mailText(mail.language, key, {
      ...params,
      amount: money(r.payment?.prepay_cents ?? 0),
      deposit: money(r.deposit_cents),
      due: due ? formatDateTime(due.date, due.time, mail.language) : "",
    });
  // Nothing to pay now, only a card to keep for the deposit's hold: the email asks for the card.
  const cardOnly = !paysByCard(r);
  return {
    subject: t(cardOnly ? "saveCardSubject" : "payDueSubject"),
    ...layout(mail, t(cardOnly ? "saveCardIntro" : "payDueIntro"), [
      {
        lead: true,
        link: mail.customerUrl ? { label: t(cardOnly ? "saveCardNow" : "payNow"), url: mail.customerUrl } : undefined,
      },
      { rows: detailRows(mail, false) },
      { rows: priceRows(mail), total: true },
      // Nothing is paid yet: what the card pays now and what is left for the counter.
      {
        title: t("paymentTitle"),
        rows: [
          ...(cardOnly ? [] : [[t("payNowLabel"), money(r.payment?.prepay_cents ?? 0)] as Row]),
          [t("dueAtPickup"), money(r.payment?.due_at_pickup_cents ?? r.total_cents)],
        ],
      },
      ...depositSection(mail),
      { title: t("policyTitle"), text: policyText(mail) },
    ]),
  };
}

/** A booking lapsed unpaid, or paid too late (`refunded`: all of what was paid goes back). */
function lapsedMail(mail: BookingMail, params: Record<string, string>, refunded: boolean): RenderedMail {
  const r = mail.reservation;
  const paid = r.payment?.paid_cents ?? 0;
  const t = (key: MailCopyKey) =>
    mailText(mail.language, key, { ...params, amount: formatMoney(paid, r.currency, mail.language) });
  // A transfer may be on its way: the customer is not told nothing was paid, but how to show it was.
  const kind = refunded ? "lapsedRefunded" : r.payment?.channel === "transfer" ? "lapsedTransfer" : "lapsed";
  return {
    subject: t(`${kind}Subject`),
    ...layout(mail, t(`${kind}Intro`), [
      { rows: detailRows(mail, false) },
      { link: { label: t("bookAgain"), url: mail.landing.siteUrl } },
    ]),
  };
}

const MONEY_COPY = {
  refunded: ["moneyRefundedSubject", "moneyRefundedIntro"],
  refundedByHand: ["moneyRefundedSubject", "moneyRefundedByHandIntro"],
  refundByHandUndone: ["moneyRefundUndoneSubject", "moneyRefundUndoneIntro"],
  captured: ["moneyCapturedSubject", "moneyCapturedIntro"],
  released: ["moneyReleasedSubject", "moneyReleasedIntro"],
} as const satisfies Record<MoneyNotice["kind"], [MailCopyKey, MailCopyKey]>;

/** How money given back by hand went, in the customer's words. */
const REFUND_HOW = {
  transfer: "refundHowTransfer",
  cash: "refundHowCash",
  card: "refundHowCard",
} as const satisfies Record<string, MailCopyKey>;

/** The owner moved the booking's money by hand (issue 27): how much, why, and where the booking's money stands. */
function moneyMail(mail: BookingMail, params: Record<string, string>): RenderedMail {
  const money = mail.money ?? { kind: "refunded", amountCents: 0, reason: null };
  const amount = formatMoney(money.amountCents, mail.reservation.currency, mail.language);
  const how = mailText(
    mail.language,
    REFUND_HOW[money.method === "cash" || money.method === "card" ? money.method : "transfer"],
  );
  const t = (key: MailCopyKey) => mailText(mail.language, key, { ...params, amount, how });
  const [subject, intro] = MONEY_COPY[money.kind];
  const why: Row[] = money.reason ? [[t("moneyReason"), money.reason]] : [];
  return {
    subject: t(subject),
    ...layout(mail, t(intro), [
      { rows: [[t("moneyAmount"), amount], ...why] },
      { rows: detailRows(mail, false) },
      ...paymentSection(mail),
    ]),
  };
}
