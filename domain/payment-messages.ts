import type { Language } from "./languages";

/**
 * The messages of payments (issue 27): the "Pagos" settings, the owner's Stripe account, and what
 * the API answers about a booking's money. Part of the catalogue in `messages.ts`.
 */
export const paymentMessages = {
  es: {
    paymentChoiceInvalid: "Elige una de las opciones de la lista.",
    prepayPercentRange: "Escribe un porcentaje entero entre 1 y 100.",
    prepayAmountInvalid: "Escribe un importe mayor que cero, como 50 o 49,99.",
    pickupMethodsRequired: "Elige al menos una forma de pago en la recogida.",
    depositDaysRange: "Escribe un número entero de días entre 1 y 6.",
    holdMinutesRange: "Escribe un número entero de minutos entre 10 y 60.",
    transferHoursRange: "Escribe un número entero de horas entre 1 y 168.",
    paymentTextTooLong: "El texto es demasiado largo.",
    paymentsNotConnected:
      "Conecta primero tu cuenta de Stripe: sin ella no se puede cobrar con tarjeta ni retener depósitos.",
    paymentSettingsSaved: "Pagos guardados.",
    stripeKeyFormat:
      "La clave secreta empieza por sk_ o rk_, la publicable por pk_ y el secreto de firma del webhook por whsec_.",
    stripeKeysMismatch:
      "La clave secreta y la publicable deben ser del mismo modo (las dos de prueba o las dos reales).",
    stripeKeysRejected:
      "Stripe no aceptó la clave secreta. Cópiala de nuevo desde tu panel de Stripe (Desarrolladores → Claves de API).",
    stripeUnavailable: "No pudimos hablar con Stripe ahora mismo. Inténtalo de nuevo en unos minutos.",
    stripeConnected: "Cuenta de Stripe conectada.",
    stripeDisconnected: "Cuenta de Stripe desconectada. Las reservas nuevas se pagan en la recogida.",
    stripeStillNeeded:
      "Tus pagos cobran con tarjeta o retienen depósitos: cámbialos a «en la recogida» antes de desconectar Stripe.",
    paymentNotDue: "Esta reserva no tiene un pago pendiente.",
    webhookRefused: "La firma del evento no es válida para esta landing.",
    paymentAwaited: "Esta reserva se confirma sola cuando llega el pago con tarjeta.",
    paymentUnavailable:
      "Tu reserva está guardada, pero no pudimos abrir la página de pago. Inténtalo de nuevo en unos minutos desde el enlace de tu reserva.",
  },
  en: {
    paymentChoiceInvalid: "Choose one of the options in the list.",
    prepayPercentRange: "Enter a whole percentage from 1 to 100.",
    prepayAmountInvalid: "Enter an amount greater than zero, such as 50 or 49.99.",
    pickupMethodsRequired: "Choose at least one way to pay at pickup.",
    depositDaysRange: "Enter a whole number of days from 1 to 6.",
    holdMinutesRange: "Enter a whole number of minutes from 10 to 60.",
    transferHoursRange: "Enter a whole number of hours from 1 to 168.",
    paymentTextTooLong: "The text is too long.",
    paymentsNotConnected: "Connect your Stripe account first: without it cards cannot be charged nor deposits held.",
    paymentSettingsSaved: "Payments saved.",
    stripeKeyFormat:
      "The secret key starts with sk_ or rk_, the publishable key with pk_ and the webhook signing secret with whsec_.",
    stripeKeysMismatch: "The secret and publishable keys must be of the same mode (both test or both live).",
    stripeKeysRejected:
      "Stripe did not accept the secret key. Copy it again from your Stripe dashboard (Developers → API keys).",
    stripeUnavailable: "We could not reach Stripe just now. Try again in a few minutes.",
    stripeConnected: "Stripe account connected.",
    stripeDisconnected: "Stripe account disconnected. New bookings are paid at pickup.",
    stripeStillNeeded:
      "Your payments charge cards or hold deposits: change them to “at pickup” before disconnecting Stripe.",
    paymentNotDue: "This booking has no payment waiting.",
    webhookRefused: "The event's signature is not valid for this landing.",
    paymentAwaited: "This booking confirms itself when its card payment arrives.",
    paymentUnavailable:
      "Your booking is saved, but we could not open the payment page. Try again in a few minutes from your booking's link.",
  },
} as const satisfies Record<Language, Record<string, string>>;
