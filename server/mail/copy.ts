import type { Language } from "@domain/languages";

/** The words of the emails, per language (the landing's default language). */
export const mailCopy = {
  es: {
    ownerSubject: "Nueva reserva {{reference}}: {{vehicle}}",
    ownerIntro: "Tienes una nueva reserva en {{landing}}. Confírmala o cancélala desde tu panel de Nelly.",
    customerSubject: "Tu reserva {{reference}} en {{landing}}",
    customerIntro: "Hola {{name}}, recibimos tu reserva. {{landing}} la revisará y te avisará cuando esté confirmada.",
    confirmedSubject: "Reserva {{reference}} confirmada",
    confirmedIntro: "Hola {{name}}, {{landing}} confirmó tu reserva. ¡Te esperamos!",
    cancelledSubject: "Reserva {{reference}} cancelada",
    cancelledIntro: "Hola {{name}}, tu reserva en {{landing}} fue cancelada.",
    changedSubject: "Tu reserva {{reference}} en {{landing}} cambió",
    changedIntro: "Hola {{name}}, {{landing}} cambió tu reserva. Así queda ahora:",
    previousTotal: "Total anterior",
    declinedSubject: "Tu solicitud {{reference}} en {{landing}} no pudo ser aceptada",
    declinedIntro:
      "Hola {{name}}, lo sentimos: {{landing}} no puede atender tu solicitud para estas fechas. La solicitud queda anulada, sin ningún cargo. Si quieres otras fechas u otro vehículo, responde a este correo.",
    ownerCancelledSubject: "Reserva {{reference}} cancelada por el cliente",
    ownerCancelledIntro:
      "{{name}} canceló su reserva en {{landing}} desde el enlace de su correo. La unidad vuelve a estar libre.",
    cancellationFee: "Cargo por cancelación según la política",
    feeMeaning:
      "No se cobró nada en línea. Según la política de cancelación, {{landing}} puede cobrarte {{fee}} y te dirá cómo pagarlo.",
    noFee: "Esta cancelación no tiene cargo. No se cobró nada en línea.",
    noFeeUnconfirmed:
      "Tu reserva aún no estaba confirmada, así que cancelarla no tiene cargo. No se cobró nada en línea.",
    reference: "Referencia",
    status: "Estado",
    vehicle: "Vehículo",
    pickup: "Recogida",
    dropoff: "Devolución",
    people: "Personas",
    bags: "Maletas",
    customer: "Cliente",
    email: "Correo",
    phone: "Teléfono",
    comment: "Comentario",
    rentalSeason: "Alquiler, {{season}} ({{days}} días x {{price}})",
    discount: "Descuento por alquiler largo ({{rate}} %)",
    feeOneWay: "Cargo por devolver en otro lugar",
    feeAfterHoursPickup: "Cargo por recogida fuera de horario",
    feeAfterHoursReturn: "Cargo por devolución fuera de horario",
    feeYoungDriver: "Cargo por conductor joven",
    depositTitle: "Depósito de seguridad",
    deposit:
      "Al recoger el vehículo se retiene un depósito de {{amount}}. Nunca se cobra en línea y se libera al devolverlo.",
    rental: "Alquiler ({{days}} días x {{price}})",
    rentalOne: "Alquiler (1 día x {{price}})",
    addon: "{{name}} x {{quantity}}",
    subtotal: "Subtotal",
    tax: "{{label}} ({{rate}} %)",
    total: "Total",
    policyTitle: "Política de cancelación",
    policy:
      "Mientras la reserva no esté confirmada, cancelarla no tiene cargo. Una vez confirmada, si cancelas más de {{hours}} horas antes de la recogida, el cargo es de {{early}}; dentro de las {{hours}} horas previas, {{late}}. El cargo nunca supera el total y nada se cobra en línea. Después de la hora de recogida la reserva ya no se cancela en línea.",
    footer: "Reservas con Nelly",
    manageBooking: "Ver o cancelar tu reserva",
  },
  en: {
    ownerSubject: "New booking {{reference}}: {{vehicle}}",
    ownerIntro: "You have a new booking on {{landing}}. Confirm or cancel it from your Nelly dashboard.",
    customerSubject: "Your booking {{reference}} with {{landing}}",
    customerIntro:
      "Hi {{name}}, we received your booking. {{landing}} will review it and let you know once it is confirmed.",
    confirmedSubject: "Booking {{reference}} confirmed",
    confirmedIntro: "Hi {{name}}, {{landing}} confirmed your booking. See you soon!",
    cancelledSubject: "Booking {{reference}} cancelled",
    cancelledIntro: "Hi {{name}}, your booking with {{landing}} was cancelled.",
    changedSubject: "Your booking {{reference}} with {{landing}} was changed",
    changedIntro: "Hi {{name}}, {{landing}} changed your booking. This is how it stands now:",
    previousTotal: "Previous total",
    declinedSubject: "{{landing}} could not accept your booking request {{reference}}",
    declinedIntro:
      "Hi {{name}}, we are sorry: {{landing}} cannot take your request for these dates. The request is withdrawn, with no fee of any kind. If you would like other dates or another vehicle, reply to this email.",
    ownerCancelledSubject: "Booking {{reference}} cancelled by the customer",
    ownerCancelledIntro:
      "{{name}} cancelled their booking on {{landing}} from the link in their email. The unit is free again.",
    cancellationFee: "Cancellation fee under the policy",
    feeMeaning:
      "Nothing was charged online. Under the cancellation policy, {{landing}} may charge you {{fee}} and will tell you how to pay it.",
    noFee: "This cancellation has no fee. Nothing was charged online.",
    noFeeUnconfirmed: "Your booking was not confirmed yet, so cancelling it has no fee. Nothing was charged online.",
    reference: "Reference",
    status: "Status",
    vehicle: "Vehicle",
    pickup: "Pickup",
    dropoff: "Return",
    people: "People",
    bags: "Bags",
    customer: "Customer",
    email: "Email",
    phone: "Phone",
    comment: "Comment",
    rentalSeason: "Rental, {{season}} ({{days}} days x {{price}})",
    discount: "Long-rental discount ({{rate}} %)",
    feeOneWay: "One-way fee",
    feeAfterHoursPickup: "After-hours pickup fee",
    feeAfterHoursReturn: "After-hours return fee",
    feeYoungDriver: "Young-driver fee",
    depositTitle: "Security deposit",
    deposit:
      "A deposit of {{amount}} is held when you pick up the vehicle. It is never charged online and is released when you return it.",
    rental: "Rental ({{days}} days x {{price}})",
    rentalOne: "Rental (1 day x {{price}})",
    addon: "{{name}} x {{quantity}}",
    subtotal: "Subtotal",
    tax: "{{label}} ({{rate}} %)",
    total: "Total",
    policyTitle: "Cancellation policy",
    policy:
      "Until the booking is confirmed, cancelling it has no fee. Once it is confirmed, cancelling more than {{hours}} hours before pickup costs {{early}}; within the {{hours}} hours before pickup, {{late}}. The fee never exceeds the total, and nothing is charged online. After the pickup time the booking can no longer be cancelled online.",
    footer: "Bookings by Nelly",
    manageBooking: "View or cancel your booking",
  },
} satisfies Record<Language, Record<string, string>>;

export type MailCopyKey = keyof (typeof mailCopy)["es"];

export function mailText(language: Language, key: MailCopyKey, params: Record<string, string | number> = {}) {
  return mailCopy[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}
