import type { Language } from "@domain/languages";

/**
 * The words of the customer's reservation page (their booking, its payment and its cancellation),
 * in a module of their own so that only that page's chunk (and the express pickup's, for its
 * payment box) carries them: every other public page loads the dictionary of `es.ts` or `en.ts`,
 * and the vehicle list's scripts have a budget (issue 29).
 */
const es = {
  reservation: {
    title: "Tu reserva",
    expressTitle: "Recogida exprés",
    expressBody:
      "Ahorra tiempo en el mostrador: añade desde tu teléfono los conductores y una foto de sus licencias y firma el contrato. Al recoger solo verificamos tu licencia.",
    expressStart: "Hacer la recogida exprés",
    expressContinue: "Continuar la recogida exprés",
    expressDone: "Tu recogida exprés está lista: en el mostrador solo verificamos tu licencia.",
    expressShare: "Enviar el enlace por WhatsApp",
    expressShareText: (company: string, url: string) => `Recogida exprés de mi reserva con ${company}: ${url}`,
    status: {
      awaiting_payment: "Esperando el pago",
      pending: "Pendiente de confirmación",
      confirmed: "Confirmada",
      on_rent: "En curso",
      returned: "Vehículo devuelto",
      completed: "Completada",
      cancelled: "Cancelada",
      no_show: "No presentada",
    },
    statusLabel: "Estado",
    customer: "A nombre de",
    contact: "Contacto",
    comment: "Tu comentario",
    cancel: "Cancelar reserva",
    /** Above the cancel button: a question, so the heading and the button do not say the same words. */
    cancelHeading: "¿Cambiaron tus planes?",
    /** Under that heading: a change is the operator's to make (the page only cancels). */
    changeHint: (company: string) =>
      `Para cambiar las fechas u otro detalle, contacta a ${company}. Si ya no la necesitas, puedes cancelarla aquí.`,
    cancelTitle: "¿Cancelar tu reserva?",
    fee: (fee: string) => `Cargo por cancelación según la política: ${fee}`,
    noFee: "Sin cargo por cancelación.",
    /** Nothing was paid online: what the fee means, never a refund. */
    feeMeaning: (company: string) =>
      `No se te ha cobrado nada en línea. ${company} puede cobrarte este cargo y te dirá cómo pagarlo.`,
    nothingCharged: "No se te ha cobrado nada en línea.",
    feeRule: {
      early: (hours: number) => `Cancelas más de ${hours} horas antes de la recogida.`,
      late: (hours: number) => `Cancelas dentro de las ${hours} horas antes de la recogida.`,
      afterPickup: "La hora de recogida ya pasó.",
      unconfirmed: () => "Tu reserva aún no está confirmada: mientras tanto, cancelarla no tiene cargo.",
    },
    keep: "No, mantener la reserva",
    confirmCancel: "Sí, cancelar",
    cancelling: "Cancelando…",
    cancelled: "Tu reserva fue cancelada.",
    refundMeaning: (refund: string, paid: string) =>
      `Pagaste ${paid} en línea: se te devolverán ${refund} a la misma tarjeta, en unos días según tu banco.`,
    paidKept: (paid: string) =>
      `Pagaste ${paid} en línea: se queda para el cargo, así que no se devuelve nada a tu tarjeta.`,
    /** Paid by bank transfer: the operator sends back what the fee leaves, by transfer too. */
    transferRefundMeaning: (refund: string, paid: string, company: string) =>
      `Pagaste ${paid} por transferencia: ${company} te devolverá ${refund} por transferencia y te escribirá para coordinarlo.`,
    transferPaidKept: (paid: string) =>
      `Pagaste ${paid} por transferencia: se queda para el cargo, así que no hay nada que devolverte.`,
    /** Paid to the operator by hand (cash, their terminal, a transfer they recorded): what the fee leaves goes back that way. */
    handRefundMeaning: (refund: string, paid: string, company: string) =>
      `Pagaste ${paid} directamente a ${company}: te devolverá ${refund} y te escribirá para coordinarlo.`,
    handPaidKept: (paid: string) =>
      `Pagaste ${paid} directamente: se queda para el cargo, así que no hay nada que devolverte.`,
    /** What neither the prepayment nor the money paid by hand covers of the fee. */
    feeRest: (rest: string, company: string) =>
      `${company} puede cobrarte los ${rest} que faltan del cargo y te dirá cómo pagarlos.`,
    cancelledBy: {
      owner: (company: string) => `${company} canceló esta reserva.`,
      customer: "Cancelaste esta reserva.",
      unpaid: "Esta reserva se canceló porque el pago no llegó a tiempo.",
    },
    cancelledFee: (fee: string) => `Cargo por cancelación según la política: ${fee} (nada se cobró en línea).`,
    /** Less of the fee was kept than it comes to: less was paid, or more was given back. */
    feePartlyKept: (fee: string, kept: string) =>
      `Cargo por cancelación según la política: ${fee}. De lo que pagaste se retuvieron ${kept}.`,
    feeNoneKept: (fee: string) =>
      `Cargo por cancelación según la política: ${fee}. No se retuvo nada de lo que pagaste.`,
    cancelFailed: "No pudimos cancelar la reserva. Inténtalo de nuevo.",
    changedMeanwhile:
      "Tu reserva cambió mientras tenías esta página abierta: revisa el cargo de cancelación antes de confirmar.",
    movedMeanwhile: (status: string) =>
      `Tu reserva cambió mientras tenías esta página abierta. Su estado ahora: ${status}.`,
    notCancellable: "Esta reserva ya no se puede cancelar en línea.",
    afterPickupTitle: "¿Necesitas cambiar algo?",
    afterPickupBody: (name: string) =>
      `La hora de recogida ya pasó, así que esta reserva ya no se puede cancelar en línea. Para cancelarla o cambiar algo, llama o escribe a ${name}.`,
    /** With no phone or WhatsApp on the site: the booking's emails answer to the operator (their Reply-To). */
    afterPickupByEmail: (name: string) =>
      `La hora de recogida ya pasó, así que esta reserva ya no se puede cancelar en línea. Para cancelarla o cambiar algo, responde al correo de tu reserva: le llega a ${name}.`,
    noscript: "Para cancelar, activa JavaScript en tu navegador.",
    missing: "No encontramos esta reserva. Revisa el enlace de tu correo.",
  },
  payment: {
    title: "Pago",
    cardDue: (amount: string) => `Falta pagar ${amount} con tarjeta para confirmar tu reserva.`,
    cardSave: (deposit: string) => `Falta guardar tu tarjeta para el depósito de ${deposit} (se retiene, no se cobra).`,
    transferDue: (amount: string) => `Falta tu transferencia de ${amount} para confirmar la reserva.`,
    until: (when: string) => `El vehículo está apartado para ti hasta el ${when}.`,
    pay: (amount: string) => `Pagar ${amount}`,
    saveCard: "Guardar mi tarjeta",
    opening: "Abriendo la página de pago…",
    payFailed: "No pudimos abrir la página de pago. Inténtalo de nuevo en unos minutos.",
    unopened: "Tu reserva está guardada, pero no pudimos abrir la página de pago. Inténtalo de nuevo en unos minutos.",
    confirming: "Estamos confirmando tu pago. Esta página se actualiza sola.",
    confirmingSlow:
      "Tu pago aún no se ha confirmado. Si lo hiciste, recibirás un correo en cuanto llegue; no hace falta pagar otra vez.",
    bank: "Banco",
    holder: "Titular",
    account: "Cuenta",
    taxId: "RNC o cédula",
    concept: "Concepto",
    // The customer's emails' words (server/mail/copy.ts), so the page and the emails agree.
    paid: "Pagado en línea",
    paidByTransfer: "Pagado por transferencia",
    paidByHand: "Pagado directamente",
    /** Followed by the refund's date and time on the landing's clock. */
    refundedToCardOn: "Reembolsado a tu tarjeta el",
    /** Given back by hand (cash, a transfer back); followed by its date and time. */
    refundedOn: "Reembolsado el",
    refundPending: "Reembolso en curso",
    refundOwed: "Por reembolsar",
    feeKept: "Retenido como cargo por cancelación",
    held: "Retenido en tu tarjeta (no cobrado)",
    atPickup: (methods: string) => (methods ? `En la recogida (${methods})` : "En la recogida"),
  },
};

const en: ReservationWords = {
  reservation: {
    title: "Your booking",
    expressTitle: "Express pickup",
    expressBody:
      "Save time at the counter: from your phone, add the drivers and a photo of their licences and sign the agreement. At pickup we only check your licence.",
    expressStart: "Do my express pickup",
    expressContinue: "Continue my express pickup",
    expressDone: "Your express pickup is ready: at the counter we only check your licence.",
    expressShare: "Send the link by WhatsApp",
    expressShareText: (company: string, url: string) => `Express pickup for my booking with ${company}: ${url}`,
    status: {
      awaiting_payment: "Awaiting payment",
      pending: "Awaiting confirmation",
      confirmed: "Confirmed",
      on_rent: "Under way",
      returned: "Vehicle returned",
      completed: "Completed",
      cancelled: "Cancelled",
      no_show: "Not collected",
    },
    statusLabel: "Status",
    customer: "Booked by",
    contact: "Contact",
    comment: "Your comment",
    cancel: "Cancel booking",
    cancelHeading: "Change of plans?",
    changeHint: (company) =>
      `To change the dates or anything else, contact ${company}. If you no longer need it, you can cancel it here.`,
    cancelTitle: "Cancel your booking?",
    fee: (fee) => `Cancellation fee under the policy: ${fee}`,
    noFee: "No cancellation fee.",
    feeMeaning: (company) =>
      `Nothing has been charged online. ${company} may charge you this fee and will tell you how to pay it.`,
    nothingCharged: "Nothing has been charged online.",
    feeRule: {
      early: (hours) => `You are cancelling more than ${hours} hours before pickup.`,
      late: (hours) => `You are cancelling within ${hours} hours of pickup.`,
      afterPickup: "The pickup time has passed.",
      unconfirmed: () => "Your booking is not confirmed yet: until it is, cancelling it has no fee.",
    },
    keep: "No, keep my booking",
    confirmCancel: "Yes, cancel",
    cancelling: "Cancelling…",
    cancelled: "Your booking was cancelled.",
    refundMeaning: (refund, paid) =>
      `You paid ${paid} online: ${refund} will go back to the same card, within a few days depending on your bank.`,
    paidKept: (paid) => `You paid ${paid} online: it is kept for the fee, so nothing goes back to your card.`,
    transferRefundMeaning: (refund, paid, company) =>
      `You paid ${paid} by bank transfer: ${company} will send ${refund} back to you by transfer and write to arrange it.`,
    transferPaidKept: (paid) =>
      `You paid ${paid} by bank transfer: it is kept for the fee, so nothing is owed back to you.`,
    handRefundMeaning: (refund, paid, company) =>
      `You paid ${paid} directly to ${company}: they will give ${refund} back to you and write to arrange it.`,
    handPaidKept: (paid) => `You paid ${paid} directly: it is kept for the fee, so nothing is owed back to you.`,
    feeRest: (rest, company) =>
      `${company} may charge you the ${rest} still missing from the fee and will tell you how to pay it.`,
    cancelledBy: {
      owner: (company: string) => `${company} cancelled this booking.`,
      customer: "You cancelled this booking.",
      unpaid: "This booking was cancelled because the payment did not arrive in time.",
    },
    cancelledFee: (fee) => `Cancellation fee under the policy: ${fee} (nothing was charged online).`,
    feePartlyKept: (fee, kept) => `Cancellation fee under the policy: ${fee}. Of what you paid, ${kept} was kept.`,
    feeNoneKept: (fee) => `Cancellation fee under the policy: ${fee}. Nothing of what you paid was kept.`,
    cancelFailed: "We could not cancel the booking. Please try again.",
    changedMeanwhile: "Your booking changed while this page was open: check the cancellation fee before you confirm.",
    movedMeanwhile: (status: string) => `Your booking changed while this page was open. Its status now: ${status}.`,
    notCancellable: "This booking can no longer be cancelled online.",
    afterPickupTitle: "Need to change something?",
    afterPickupBody: (name) =>
      `The pickup time has passed, so this booking can no longer be cancelled online. To cancel or change it, call or message ${name}.`,
    afterPickupByEmail: (name) =>
      `The pickup time has passed, so this booking can no longer be cancelled online. To cancel or change it, reply to your booking email: it reaches ${name}.`,
    noscript: "To cancel, turn on JavaScript in your browser.",
    missing: "We could not find this booking. Check the link in your email.",
  },
  payment: {
    title: "Payment",
    cardDue: (amount) => `Pay ${amount} by card to confirm your booking.`,
    cardSave: (deposit) => `Save your card for the ${deposit} deposit (held, not charged).`,
    transferDue: (amount) => `Your bank transfer of ${amount} confirms the booking.`,
    until: (when) => `The vehicle is set aside for you until ${when}.`,
    pay: (amount) => `Pay ${amount}`,
    saveCard: "Save my card",
    opening: "Opening the payment page…",
    payFailed: "We could not open the payment page. Try again in a few minutes.",
    unopened: "Your booking is saved, but we could not open the payment page. Try again in a few minutes.",
    confirming: "We are confirming your payment. This page refreshes by itself.",
    confirmingSlow:
      "Your payment is not confirmed yet. If you paid, you will get an email as soon as it arrives; there is no need to pay again.",
    bank: "Bank",
    holder: "Account holder",
    account: "Account",
    taxId: "Tax id (RNC or cédula)",
    concept: "Reference",
    paid: "Paid online",
    paidByTransfer: "Paid by bank transfer",
    paidByHand: "Paid directly",
    refundedToCardOn: "Refunded to your card on",
    refundedOn: "Given back on",
    refundPending: "Refund on its way",
    refundOwed: "To be refunded",
    feeKept: "Kept as the cancellation fee",
    held: "Held on your card (not charged)",
    atPickup: (methods) => (methods ? `At pickup (${methods})` : "At pickup"),
  },
};

export type ReservationWords = typeof es;
export const reservationWords: Record<Language, ReservationWords> = { es, en };
