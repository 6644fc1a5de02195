import type { Language } from "@domain/languages";

/** The words of the emails, per language (the landing's default language). */
export const mailCopy = {
  es: {
    ownerSubject: "Nueva reserva {{reference}}: {{vehicle}}",
    ownerIntro: "Tienes una nueva reserva en {{landing}}. Confírmala o cancélala desde tu panel de Nelly.",
    customerSubject: "Tu reserva {{reference}} en {{landing}}",
    customerIntro: "Hola {{name}}, recibimos tu reserva. {{landing}} la revisará y te avisará cuando esté confirmada.",
    customerIntroTransfer:
      "Hola {{name}}, recibimos tu reserva. Queda confirmada cuando {{landing}} reciba tu transferencia: abajo tienes los datos y el plazo.",
    ownerIntroTransfer:
      "Tienes una nueva reserva en {{landing}}, a la espera de la transferencia del cliente. Cuando la recibas, márcala como recibida desde tu panel de Nelly.",
    confirmedSubject: "Reserva {{reference}} confirmada",
    confirmedIntro: "Hola {{name}}, {{landing}} confirmó tu reserva. ¡Te esperamos!",
    cancelledSubject: "Reserva {{reference}} cancelada",
    cancelledIntro: "Hola {{name}}, tu reserva en {{landing}} fue cancelada.",
    moneyRefundedSubject: "Te devolvimos {{amount}} de tu reserva {{reference}}",
    moneyRefundedIntro:
      "Hola {{name}}, {{landing}} te devolvió {{amount}} de lo que pagaste con tarjeta. Lo verás en tu tarjeta en unos días (según tu banco, hasta 10).",
    moneyRefundedByHandIntro: "Hola {{name}}, {{landing}} te devolvió {{amount}} de tu reserva {{how}}.",
    moneyRefundUndoneSubject: "Corrección: reembolso de {{amount}} de tu reserva {{reference}}",
    moneyRefundUndoneIntro:
      "Hola {{name}}, {{landing}} anuló el reembolso de {{amount}} {{how}} que te comunicamos: se registró por error. Si tienes dudas, responde a este correo.",
    refundHowTransfer: "por transferencia",
    refundHowCash: "en efectivo",
    refundHowCard: "a tu tarjeta, en su mostrador",
    moneyCapturedSubject: "Se cobraron {{amount}} del depósito de tu reserva {{reference}}",
    moneyCapturedIntro:
      "Hola {{name}}, {{landing}} cobró {{amount}} del depósito retenido en tu tarjeta. El resto de la retención se libera y deja de estar apartado en tu tarjeta.",
    moneyReleasedSubject: "Se liberó el depósito de tu reserva {{reference}}",
    moneyReleasedIntro:
      "Hola {{name}}, {{landing}} liberó los {{amount}} del depósito retenido en tu tarjeta: no se cobró nada de él.",
    payDueSubject: "Completa el pago de tu reserva {{reference}}",
    payDueIntro:
      "Hola {{name}}, apartamos {{vehicle}} para ti hasta el {{due}}. Paga {{amount}} con tarjeta antes de esa hora para confirmar tu reserva; si no, la reserva se anula sola y no se cobra nada.",
    payNow: "Pagar ahora",
    payNowLabel: "A pagar ahora con tarjeta",
    saveCardSubject: "Guarda tu tarjeta para confirmar tu reserva {{reference}}",
    saveCardIntro:
      "Hola {{name}}, apartamos {{vehicle}} para ti hasta el {{due}}. Guarda tu tarjeta antes de esa hora para confirmar tu reserva: en ella se retendrá el depósito de {{deposit}}, sin cobrarlo. Si no, la reserva se anula sola.",
    saveCardNow: "Guardar mi tarjeta",
    lapsedSubject: "Tu reserva {{reference}} se anuló sin pago",
    lapsedIntro:
      "Hola {{name}}, el plazo para pagar tu reserva en {{landing}} terminó sin recibir el pago, así que se anuló y {{vehicle}} quedó libre. No se cobró nada. Si aún lo quieres, puedes hacer una nueva reserva.",
    lapsedTransferSubject: "Tu reserva {{reference}} se anuló: no se registró tu transferencia a tiempo",
    lapsedTransferIntro:
      "Hola {{name}}, el plazo para recibir tu transferencia terminó sin que {{landing}} la registrara, así que tu reserva se anuló y {{vehicle}} quedó libre. Si ya hiciste la transferencia, responde a este correo con el comprobante y {{landing}} lo revisará contigo.",
    lapsedRefundedSubject: "Te devolvemos {{amount}}: tu reserva {{reference}} se anuló",
    lapsedRefundedIntro:
      "Hola {{name}}, tu pago llegó cuando el plazo para pagar ya había terminado y tu reserva estaba anulada. Te devolvemos los {{amount}} completos a la misma tarjeta; los verás en unos días (según tu banco, hasta 10). Si aún quieres el vehículo, puedes hacer una nueva reserva.",
    bookAgain: "Reservar de nuevo",
    moneyReason: "Motivo",
    moneyAmount: "Importe",
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
    // The owner's detail's words (reservations.es.json, detail.cancellationFeeKept and …Uncollected).
    ownerFeeKept: "Cargo por cancelación retenido",
    ownerFeeUncollected: "Cargo por cancelación sin cobrar",
    feeMeaning:
      "No se cobró nada en línea. Según la política de cancelación, {{landing}} puede cobrarte {{fee}} y te dirá cómo pagarlo.",
    noFee: "Esta cancelación no tiene cargo. No se cobró nada en línea.",
    noFeeUnconfirmed:
      "Tu reserva aún no estaba confirmada, así que cancelarla no tiene cargo. No se cobró nada en línea.",
    expressTitle: "Recogida exprés",
    expressText:
      "Ahorra tiempo en el mostrador: desde tu teléfono, añade los conductores y una foto de sus licencias y firma el contrato. Al recoger solo verificamos tu licencia y te damos las llaves.",
    expressButton: "Hacer la recogida exprés",
    expressSubject: "Tu recogida de {{vehicle}} se acerca: hazla exprés",
    expressIntro: "Hola {{name}}, tu recogida en {{landing}} es en menos de 48 horas.",
    agreementSubject: "Tu contrato de alquiler {{reference}} con {{landing}}",
    agreementIntro:
      "Hola {{name}}, te enviamos el contrato de alquiler de {{vehicle}} que firmaste en {{landing}}. Va adjunto en PDF: guárdalo, es tu copia.",
    invoiceSubject: "La factura de tu alquiler {{reference}} en {{landing}}",
    invoiceIntro:
      "Hola {{name}}, gracias por alquilar con {{landing}}. Te enviamos la factura de tu alquiler, adjunta en PDF.",
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
    paymentTitle: "Pago",
    paid: "Pagado en línea",
    paidByTransfer: "Pagado por transferencia",
    paidByHand: "Pagado directamente",
    toTransfer: "Por transferir al reservar",
    toPayOnline: "Por pagar en línea al reservar",
    refunded: "Reembolsado a tu tarjeta",
    refundedBack: "Reembolsado",
    refundPending: "Reembolso en curso",
    held: "Retenido en tu tarjeta (no cobrado)",
    heldOwner: "Retenido en la tarjeta del cliente (no cobrado)",
    captured: "Cobrado del depósito",
    feeKept: "Retenido como cargo por cancelación",
    refundOwed: "Por reembolsar",
    dueAtPickup: "A pagar en la recogida",
    transferTitle: "Datos para la transferencia",
    transferBank: "Banco",
    transferHolder: "Titular",
    transferAccount: "Cuenta",
    transferConcept: "Concepto",
    transferDue: "Transfiere {{amount}} antes del {{due}} para confirmar tu reserva.",
    transferDueOwner:
      "El cliente debe transferir {{amount}} antes del {{due}}; si no llega, la reserva se anula y la unidad queda libre.",
    paidFeeMeaning:
      "Pagaste {{paid}} en línea. Según la política de cancelación, {{landing}} se queda {{fee}} y se te devuelve el resto a la misma tarjeta.",
    paidNoFee: "Pagaste {{paid}} en línea. Esta cancelación no tiene cargo: se te devuelve todo a la misma tarjeta.",
    paidFeeKept:
      "Pagaste {{paid}} en línea. Según la política de cancelación, el cargo es de {{fee}}: {{landing}} se queda {{kept}} de tu pago y no se devuelve nada a tu tarjeta.",
    feeRest: "Puede cobrarte los {{rest}} que faltan del cargo y te dirá cómo pagarlos.",
    transferNoFee:
      "Pagaste {{paid}} por transferencia. Esta cancelación no tiene cargo: {{landing}} te lo devolverá todo por transferencia; te escribirá para coordinarlo.",
    transferFeeMeaning:
      "Pagaste {{paid}} por transferencia. Según la política de cancelación, {{landing}} se queda {{fee}} y te devolverá {{refund}} por transferencia; te escribirá para coordinarlo.",
    transferKept:
      "Pagaste {{paid}} por transferencia. Según la política de cancelación, {{landing}} se queda {{fee}}, así que no hay nada que devolverte.",
    handFeeMeaning:
      "Pagaste {{paid}} a {{landing}}. Según la política de cancelación, se queda {{fee}} y te devolverá {{refund}}; te escribirá para coordinarlo.",
    handNoFee:
      "Esta cancelación no tiene cargo. Pagaste {{paid}} a {{landing}}, que te los devolverá; te escribirá para coordinarlo.",
    handKept:
      "Pagaste {{paid}} a {{landing}}. Según la política de cancelación, se queda {{fee}}, así que no hay nada que devolverte.",
    handAlsoFeeMeaning:
      "También pagaste {{paid}} a {{landing}}: se queda {{fee}} de ello, lo que faltaba del cargo, y te devolverá {{refund}}; te escribirá para coordinarlo.",
    handAlsoNoFee: "También pagaste {{paid}} a {{landing}}, que te los devolverá; te escribirá para coordinarlo.",
    handAlsoKept:
      "También pagaste {{paid}} a {{landing}}: se queda para lo que faltaba del cargo, así que no hay nada más que devolverte.",
    depositOnCard: "{{amount}} se retienen en tu tarjeta, sin cobrarse, y se liberan al devolver el vehículo.",
    depositOnCardOwner:
      "{{amount}} se retienen en la tarjeta del cliente, sin cobrarse, y se liberan al devolver el vehículo.",
    depositTitle: "Depósito de seguridad",
    deposit:
      "Al recoger el vehículo se retiene un depósito de {{amount}}. Nunca se cobra en línea y se libera al devolverlo.",
    rental: "Alquiler ({{days}} días x {{price}})",
    rentalOne: "Alquiler (1 día x {{price}})",
    addon: "{{name}} x {{quantity}} · {{days}} días",
    addonOneDay: "{{name}} x {{quantity}} · 1 día",
    adjustment: "Ajuste de precio acordado",
    subtotal: "Subtotal",
    tax: "{{label}} ({{rate}} %)",
    total: "Total",
    policyTitle: "Política de cancelación",
    footer: "Reservas con Nelly",
    manageBooking: "Ver o cancelar tu reserva",
    openInDashboard: "Abrir en tu panel",
  },
  en: {
    ownerSubject: "New booking {{reference}}: {{vehicle}}",
    ownerIntro: "You have a new booking on {{landing}}. Confirm or cancel it from your Nelly dashboard.",
    customerSubject: "Your booking {{reference}} with {{landing}}",
    customerIntro:
      "Hi {{name}}, we received your booking. {{landing}} will review it and let you know once it is confirmed.",
    customerIntroTransfer:
      "Hi {{name}}, we received your booking. It is confirmed once {{landing}} receives your transfer: the details and the deadline are below.",
    ownerIntroTransfer:
      "You have a new booking on {{landing}}, waiting for the customer's transfer. Once it arrives, mark it received from your Nelly dashboard.",
    confirmedSubject: "Booking {{reference}} confirmed",
    confirmedIntro: "Hi {{name}}, {{landing}} confirmed your booking. See you soon!",
    cancelledSubject: "Booking {{reference}} cancelled",
    cancelledIntro: "Hi {{name}}, your booking with {{landing}} was cancelled.",
    moneyRefundedSubject: "{{amount}} refunded from your booking {{reference}}",
    moneyRefundedIntro:
      "Hi {{name}}, {{landing}} refunded {{amount}} of what you paid by card. You will see it on your card within a few days (up to 10, depending on your bank).",
    moneyRefundedByHandIntro: "Hi {{name}}, {{landing}} gave you back {{amount}} of your booking {{how}}.",
    moneyRefundUndoneSubject: "Correction: the {{amount}} refund of your booking {{reference}}",
    moneyRefundUndoneIntro:
      "Hi {{name}}, {{landing}} undid the refund of {{amount}} {{how}} we told you about: it was recorded by mistake. If you have any questions, reply to this email.",
    refundHowTransfer: "by bank transfer",
    refundHowCash: "in cash",
    refundHowCard: "to your card, at their counter",
    moneyCapturedSubject: "{{amount}} charged from the deposit of your booking {{reference}}",
    moneyCapturedIntro:
      "Hi {{name}}, {{landing}} charged {{amount}} from the deposit held on your card. The rest of the hold is released and no longer set aside on your card.",
    moneyReleasedSubject: "The deposit of your booking {{reference}} was released",
    moneyReleasedIntro:
      "Hi {{name}}, {{landing}} released the {{amount}} deposit held on your card: nothing of it was charged.",
    payDueSubject: "Complete the payment of your booking {{reference}}",
    payDueIntro:
      "Hi {{name}}, we are holding {{vehicle}} for you until {{due}}. Pay {{amount}} by card before then to confirm your booking; otherwise the booking is cancelled by itself and nothing is charged.",
    payNow: "Pay now",
    payNowLabel: "To pay now by card",
    saveCardSubject: "Add your card to confirm your booking {{reference}}",
    saveCardIntro:
      "Hi {{name}}, we are holding {{vehicle}} for you until {{due}}. Add your card before then to confirm your booking: the {{deposit}} deposit will be held on it, not charged. Otherwise the booking is cancelled by itself.",
    saveCardNow: "Add my card",
    lapsedSubject: "Your booking {{reference}} was cancelled unpaid",
    lapsedIntro:
      "Hi {{name}}, the time to pay for your booking with {{landing}} ran out without a payment, so it was cancelled and {{vehicle}} is free again. Nothing was charged. If you still want it, you can make a new booking.",
    lapsedTransferSubject: "Your booking {{reference}} was cancelled: your transfer was not recorded in time",
    lapsedTransferIntro:
      "Hi {{name}}, the time for your transfer ran out before {{landing}} recorded it, so your booking was cancelled and {{vehicle}} is free again. If you have already made the transfer, reply to this email with the receipt and {{landing}} will look into it with you.",
    lapsedRefundedSubject: "We are refunding {{amount}}: your booking {{reference}} was cancelled",
    lapsedRefundedIntro:
      "Hi {{name}}, your payment came in after the time to pay had run out and your booking was cancelled. We are refunding the full {{amount}} to the same card; you will see it within a few days (up to 10, depending on your bank). If you still want the vehicle, you can make a new booking.",
    bookAgain: "Book again",
    moneyReason: "Reason",
    moneyAmount: "Amount",
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
    ownerFeeKept: "Cancellation fee kept",
    ownerFeeUncollected: "Cancellation fee not collected",
    feeMeaning:
      "Nothing was charged online. Under the cancellation policy, {{landing}} may charge you {{fee}} and will tell you how to pay it.",
    noFee: "This cancellation has no fee. Nothing was charged online.",
    noFeeUnconfirmed: "Your booking was not confirmed yet, so cancelling it has no fee. Nothing was charged online.",
    expressTitle: "Express pickup",
    expressText:
      "Save time at the counter: from your phone, add the drivers and a photo of their licences and sign the agreement. At pickup we only check your licence and hand you the keys.",
    expressButton: "Do my express pickup",
    expressSubject: "Your {{vehicle}} pickup is coming up: make it express",
    expressIntro: "Hello {{name}}, your pickup at {{landing}} is less than 48 hours away.",
    agreementSubject: "Your rental agreement {{reference}} with {{landing}}",
    agreementIntro:
      "Hello {{name}}, here is the rental agreement for {{vehicle}} that you signed at {{landing}}. It is attached as a PDF: keep it, it is your copy.",
    invoiceSubject: "The invoice of your rental {{reference}} at {{landing}}",
    invoiceIntro:
      "Hello {{name}}, thank you for renting with {{landing}}. Here is the invoice of your rental, attached as a PDF.",
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
    paymentTitle: "Payment",
    paid: "Paid online",
    paidByTransfer: "Paid by bank transfer",
    paidByHand: "Paid directly",
    toTransfer: "To transfer when booking",
    toPayOnline: "To pay online when booking",
    refunded: "Refunded to your card",
    refundedBack: "Given back",
    refundPending: "Refund on its way",
    held: "Held on your card (not charged)",
    heldOwner: "Held on the customer's card (not charged)",
    captured: "Charged from the deposit",
    feeKept: "Kept as the cancellation fee",
    refundOwed: "To be refunded",
    dueAtPickup: "To pay at pickup",
    transferTitle: "Bank transfer details",
    transferBank: "Bank",
    transferHolder: "Account holder",
    transferAccount: "Account",
    transferConcept: "Reference",
    transferDue: "Transfer {{amount}} before {{due}} to confirm your booking.",
    transferDueOwner:
      "The customer must transfer {{amount}} before {{due}}; if it does not arrive, the booking lapses and the unit is free again.",
    paidFeeMeaning:
      "You paid {{paid}} online. Under the cancellation policy, {{landing}} keeps {{fee}} and the rest goes back to the same card.",
    paidNoFee: "You paid {{paid}} online. This cancellation has no fee: all of it goes back to the same card.",
    paidFeeKept:
      "You paid {{paid}} online. Under the cancellation policy the fee is {{fee}}: {{landing}} keeps {{kept}} of your payment and nothing goes back to your card.",
    feeRest: "They may charge you the {{rest}} still missing from the fee and will tell you how to pay it.",
    transferNoFee:
      "You paid {{paid}} by bank transfer. This cancellation has no fee: {{landing}} will send all of it back to you by transfer; they will write to arrange it.",
    transferFeeMeaning:
      "You paid {{paid}} by bank transfer. Under the cancellation policy, {{landing}} keeps {{fee}} and will send {{refund}} back to you by transfer; they will write to arrange it.",
    transferKept:
      "You paid {{paid}} by bank transfer. Under the cancellation policy, {{landing}} keeps {{fee}}, so nothing is owed back to you.",
    handFeeMeaning:
      "You paid {{paid}} to {{landing}}. Under the cancellation policy, they keep {{fee}} and will give {{refund}} back to you; they will write to arrange it.",
    handNoFee:
      "This cancellation has no fee. You paid {{paid}} to {{landing}}, who will give it back to you; they will write to arrange it.",
    handKept:
      "You paid {{paid}} to {{landing}}. Under the cancellation policy, they keep {{fee}}, so nothing is owed back to you.",
    handAlsoFeeMeaning:
      "You also paid {{paid}} to {{landing}}: they keep {{fee}} of it, the rest of the fee, and will give {{refund}} back to you; they will write to arrange it.",
    handAlsoNoFee:
      "You also paid {{paid}} to {{landing}}, who will give it back to you; they will write to arrange it.",
    handAlsoKept:
      "You also paid {{paid}} to {{landing}}: it goes to the rest of the fee, so nothing more is owed back to you.",
    depositOnCard: "{{amount}} is held on your card, not charged, and released when you return the vehicle.",
    depositOnCardOwner:
      "{{amount}} is held on the customer's card, not charged, and released when the vehicle is returned.",
    depositTitle: "Security deposit",
    deposit:
      "A deposit of {{amount}} is held when you pick up the vehicle. It is never charged online and is released when you return it.",
    rental: "Rental ({{days}} days x {{price}})",
    rentalOne: "Rental (1 day x {{price}})",
    addon: "{{name}} x {{quantity}} · {{days}} days",
    addonOneDay: "{{name}} x {{quantity}} · 1 day",
    adjustment: "Agreed price adjustment",
    subtotal: "Subtotal",
    tax: "{{label}} ({{rate}}%)",
    total: "Total",
    policyTitle: "Cancellation policy",
    footer: "Bookings by Nelly",
    manageBooking: "View or cancel your booking",
    openInDashboard: "Open in your dashboard",
  },
} satisfies Record<Language, Record<string, string>>;

export type MailCopyKey = keyof (typeof mailCopy)["es"];

export function mailText(language: Language, key: MailCopyKey, params: Record<string, string | number> = {}) {
  return mailCopy[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ""));
}
