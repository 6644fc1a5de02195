import type { Language } from "./languages";

/**
 * The messages of payments (issue 27): the "Pagos" settings, the owner's Stripe account, and what
 * the API answers about a booking's money. Part of the catalogue in `messages.ts`.
 */
export const paymentMessages = {
  es: {
    paymentChoiceInvalid: "Elige una de las opciones de la lista.",
    prepayPercentRange: "Escribe un porcentaje entero entre 1 y 100.",
    prepayAmountInvalid: "Escribe un importe mayor que cero, solo en cifras, como 50 o 49.99.",
    pickupMethodsRequired: "Elige al menos una forma de pago en la recogida.",
    depositDaysRange: "Escribe un número entero de días entre 1 y 6.",
    holdMinutesRange: "Escribe un número entero de minutos entre 10 y 60.",
    transferHoursRange: "Escribe un número entero de horas entre 1 y 168.",
    paymentTextTooLong: "Este dato no puede superar los 120 caracteres.",
    transferInstructionsTooLong: "Las instrucciones no pueden superar los 1,000 caracteres.",
    paymentsNotConnected:
      "Conecta primero tu cuenta de Stripe: sin ella no se puede cobrar con tarjeta ni retener depósitos.",
    depositHoldNeedsCardPrepay:
      "Con el pago al reservar por transferencia, el depósito se recibe en la recogida: elige «En la recogida», o cobra al reservar con tarjeta.",
    paymentSettingsSaved: "Pagos guardados.",
    stripeSecretKeyFormat:
      "No parece una clave secreta entera: empieza por sk_test_ o sk_live_ (rk_ si es restringida) y sigue con al menos 10 letras y números. Cópiala de nuevo desde Stripe.",
    stripePublishableKeyFormat:
      "No parece una clave publicable entera: empieza por pk_test_ o pk_live_ y sigue con al menos 10 letras y números.",
    stripeWebhookSecretFormat:
      "No parece un secreto de firma entero: empieza por whsec_ y sigue con al menos 10 caracteres. Stripe lo muestra en el webhook que creaste.",
    stripeKeysMismatch:
      "La clave secreta y la publicable deben ser del mismo modo (las dos de prueba o las dos reales).",
    stripeKeysRejected:
      "Stripe no aceptó la clave secreta. Cópiala de nuevo desde tu panel de Stripe (Desarrolladores → Claves de API).",
    stripeUnavailable: "No pudimos hablar con Stripe ahora mismo. Inténtalo de nuevo en unos minutos.",
    stripeConnected: "Cuenta de Stripe conectada.",
    stripeDisconnected: "Cuenta de Stripe desconectada. Las reservas nuevas se pagan en la recogida.",
    stripeStillNeeded:
      "Tus pagos cobran con tarjeta o retienen depósitos: cámbialos a «en la recogida» antes de desconectar Stripe.",
    paymentsOutstanding:
      "Aún hay dinero que depende de esta cuenta: reservas esperando su pago con tarjeta, depósitos por retener o retenidos, o devoluciones en curso. Desconéctala cuando se hayan resuelto.",
    paymentNotDue: "Esta reserva no tiene un pago pendiente.",
    transferTooLate:
      "El plazo de la transferencia ya pasó y el vehículo se reservó para otra persona en esas fechas: esta reserva no se puede confirmar. Devuélvele la transferencia al cliente u ofrécele otro vehículo.",
    reservationHasPayments:
      "Esta reserva tiene dinero registrado (pagos, depósitos o reembolsos), así que no se puede borrar: cancélala y su registro de pagos se conserva.",
    webhookRefused: "La firma del evento no es válida para esta landing.",
    paymentAwaited: "Esta reserva se confirma sola cuando llega el pago con tarjeta.",
    paymentUnavailable:
      "Tu reserva está guardada, pero no pudimos abrir la página de pago. Inténtalo de nuevo en unos minutos desde el enlace de tu reserva.",
    moneyAmountInvalid: "Escribe un importe mayor que cero, solo en cifras, como 50 o 49.99.",
    moneyAmountTooHigh: "Ese importe es demasiado alto: escribe como máximo 1,000,000.",
    refundTooLarge: "No puedes devolver más de lo que queda por devolver de lo pagado con tarjeta.",
    captureTooLarge: "No puedes cobrar más de lo que está retenido en la tarjeta.",
    moneyReasonRequired: "Escribe el motivo (al menos 3 caracteres): el cliente lo verá en su correo.",
    moneyReasonTooLong: "El motivo no puede tener más de 200 caracteres.",
    nothingToRefund: "Esta reserva no tiene un pago con tarjeta que devolver.",
    noDepositHeld: "Esta reserva no tiene un depósito retenido en la tarjeta.",
    paymentChangedMeanwhile:
      "El dinero de esta reserva cambió mientras tanto (otra pestaña u otra persona). Revisa los importes y vuelve a intentarlo.",
    refundMade: "Reembolso hecho: el cliente lo verá en su tarjeta en unos días.",
    refundQueued: "Stripe no respondió: el reembolso queda pendiente y se reintenta solo.",
    depositCaptured: "Cobrado del depósito; el resto se libera en la tarjeta del cliente.",
    depositReleased: "Depósito liberado en la tarjeta del cliente.",
    holdFailed:
      "Stripe no aceptó la operación con la retención. Puede que haya caducado: revisa la reserva en tu panel de Stripe.",
    depositQueued:
      "Stripe no respondió: la operación con el depósito se reintenta sola, y el cliente recibe el aviso cuando se haga.",
    refundRefused:
      "Stripe no aceptó el reembolso y no se devolvió nada. Revisa el pago en tu panel de Stripe (puede estar en disputa o ya devuelto).",
    paymentMethodInvalid: "Elige cómo se pagó: efectivo, tarjeta o transferencia.",
    paymentNoteTooLong: "La nota no puede tener más de 200 caracteres.",
    paymentAboveOutstanding: "El importe no puede superar lo pendiente de pago ({{amount}}).",
    nothingOutstanding: "Esta reserva no tiene nada pendiente de pago.",
    paymentAboveDeposit: "Del depósito solo quedan {{amount}}: registra el resto con otra forma de pago.",
    nothingInDeposit: "No queda nada del depósito: registra el pago con otra forma de pago.",
    paymentNotRecordable: "Solo se registran pagos de una reserva confirmada, en alquiler, devuelta o completada.",
    paymentRecorded: "Pago de {{amount}} registrado.",
    paymentUndone: "Pago de {{amount}} anulado.",
    paymentNotFound: "Ese pago no existe o ya se anuló.",
    paymentRefundedByHand:
      "Parte de este pago ya se reembolsó al cliente: anula primero el reembolso, y después el pago.",
    nothingToRefundByHand:
      "Esta reserva no tiene dinero pagado directamente que devolver (lo pagado en línea con tarjeta se devuelve a la tarjeta).",
    refundAboveRefundable: "El importe no puede superar lo que queda por devolver ({{amount}}).",
    refundRecorded: "Reembolso de {{amount}} registrado.",
    refundUndone: "Reembolso de {{amount}} anulado.",
  },
  en: {
    paymentChoiceInvalid: "Choose one of the options in the list.",
    prepayPercentRange: "Enter a whole percentage from 1 to 100.",
    prepayAmountInvalid: "Enter an amount greater than zero, in figures only, such as 50 or 49.99.",
    pickupMethodsRequired: "Choose at least one way to pay at pickup.",
    depositDaysRange: "Enter a whole number of days from 1 to 6.",
    holdMinutesRange: "Enter a whole number of minutes from 10 to 60.",
    transferHoursRange: "Enter a whole number of hours from 1 to 168.",
    paymentTextTooLong: "This field cannot be longer than 120 characters.",
    transferInstructionsTooLong: "The instructions cannot be longer than 1,000 characters.",
    paymentsNotConnected: "Connect your Stripe account first: without it cards cannot be charged nor deposits held.",
    depositHoldNeedsCardPrepay:
      "With the payment when booking made by bank transfer, the deposit is taken at pickup: choose “At pickup”, or take the payment when booking by card.",
    paymentSettingsSaved: "Payments saved.",
    stripeSecretKeyFormat:
      "This does not look like a whole secret key: it starts with sk_test_ or sk_live_ (rk_ if restricted) followed by at least 10 letters and digits. Copy it again from Stripe.",
    stripePublishableKeyFormat:
      "This does not look like a whole publishable key: it starts with pk_test_ or pk_live_ followed by at least 10 letters and digits.",
    stripeWebhookSecretFormat:
      "This does not look like a whole signing secret: it starts with whsec_ followed by at least 10 characters. Stripe shows it on the webhook you created.",
    stripeKeysMismatch: "The secret and publishable keys must be of the same mode (both test or both live).",
    stripeKeysRejected:
      "Stripe did not accept the secret key. Copy it again from your Stripe dashboard (Developers → API keys).",
    stripeUnavailable: "We could not reach Stripe just now. Try again in a few minutes.",
    stripeConnected: "Stripe account connected.",
    stripeDisconnected: "Stripe account disconnected. New bookings are paid at pickup.",
    stripeStillNeeded:
      "Your payments charge cards or hold deposits: change them to “at pickup” before disconnecting Stripe.",
    paymentsOutstanding:
      "Some money still depends on this account: bookings waiting for their card payment, deposits to hold or held, or refunds under way. Disconnect it once they are settled.",
    paymentNotDue: "This booking has no payment waiting.",
    transferTooLate:
      "The transfer's deadline has passed and the vehicle was booked by someone else for those dates: this booking cannot be confirmed. Return the transfer to the customer or offer them another vehicle.",
    reservationHasPayments:
      "This booking has money on record (payments, deposits or refunds), so it cannot be deleted: cancel it instead and its payment record is kept.",
    webhookRefused: "The event's signature is not valid for this landing.",
    paymentAwaited: "This booking confirms itself when its card payment arrives.",
    paymentUnavailable:
      "Your booking is saved, but we could not open the payment page. Try again in a few minutes from your booking's link.",
    moneyAmountInvalid: "Enter an amount greater than zero, in figures only, such as 50 or 49.99.",
    moneyAmountTooHigh: "That amount is too high: enter at most 1,000,000.",
    refundTooLarge: "You cannot refund more than what is left of the card payment.",
    captureTooLarge: "You cannot charge more than what is held on the card.",
    moneyReasonRequired: "Write the reason (at least 3 characters): the customer sees it in their email.",
    moneyReasonTooLong: "The reason cannot be longer than 200 characters.",
    nothingToRefund: "This booking has no card payment to refund.",
    noDepositHeld: "This booking has no deposit held on the card.",
    paymentChangedMeanwhile:
      "This booking's money changed meanwhile (another tab or person). Check the amounts and try again.",
    refundMade: "Refund made: the customer sees it on their card within a few days.",
    refundQueued: "Stripe did not answer: the refund is pending and is retried by itself.",
    depositCaptured: "Charged from the deposit; the rest is released on the customer's card.",
    depositReleased: "Deposit released on the customer's card.",
    holdFailed:
      "Stripe did not accept the operation on the hold. It may have expired: check the booking in your Stripe dashboard.",
    depositQueued:
      "Stripe did not answer: the operation on the deposit is retried by itself, and the customer is told once it is done.",
    refundRefused:
      "Stripe did not accept the refund and nothing was given back. Check the payment in your Stripe dashboard (it may be disputed or already refunded).",
    paymentMethodInvalid: "Choose how it was paid: cash, card or transfer.",
    paymentNoteTooLong: "The note cannot be longer than 200 characters.",
    paymentAboveOutstanding: "The amount cannot be more than what is left to pay ({{amount}}).",
    nothingOutstanding: "This booking has nothing left to pay.",
    paymentAboveDeposit: "Only {{amount}} is left of the deposit: record the rest another way.",
    nothingInDeposit: "Nothing is left of the deposit: record the payment another way.",
    paymentNotRecordable: "Payments are recorded only for a booking that is confirmed, on rent, returned or completed.",
    paymentRecorded: "Payment of {{amount}} recorded.",
    paymentUndone: "Payment of {{amount}} undone.",
    paymentNotFound: "That payment does not exist or was already undone.",
    paymentRefundedByHand:
      "Some of this payment was already refunded to the customer: undo the refund first, then the payment.",
    nothingToRefundByHand:
      "This booking has no money paid directly to give back (a card payment made online is refunded to the card).",
    refundAboveRefundable: "The amount cannot be more than what is left to give back ({{amount}}).",
    refundRecorded: "Refund of {{amount}} recorded.",
    refundUndone: "Refund of {{amount}} undone.",
  },
} as const satisfies Record<Language, Record<string, string>>;
