import type { Language } from "./languages";

/**
 * The messages of the owner's customers (issue 28.7): their page's saves, the "do not rent" flag
 * and the refusals it brings, and erasing a customer's personal data. Part of the catalogue in
 * `messages.ts`.
 */
export const customerMessages = {
  es: {
    customerNotFound: "Cliente no encontrado.",
    customerSearchTooLong: "La búsqueda no puede superar los 100 caracteres.",
    customerNotesTooLong: "Las notas no pueden superar los 2,000 caracteres.",
    customerReasonTooLong: "El motivo no puede superar los 500 caracteres.",
    customerFlagInvalid: "Indica si se le puede alquilar o no.",
    customerNotesSaved: "Notas guardadas.",
    customerFlagged: "Marcado como «No rentar»: la próxima reserva de {{name}} en tus landings será rechazada.",
    customerUnflagged: "{{name}} ya puede volver a reservar.",
    customerErasedDone:
      "Datos personales eliminados. Sus reservas conservan importes, fechas, vehículo y estado, sin su identidad.",
    customerAlreadyErased: "Los datos personales de este cliente ya fueron eliminados.",
    customerErasedNoChanges: "Los datos de este cliente fueron eliminados: ya no se pueden anotar ni marcar.",
    customerOnRent:
      "Este cliente tiene un vehículo en alquiler ({{reference}}). Registra su devolución antes de eliminar sus datos.",
    customerActiveBookings:
      "Este cliente tiene reservas que siguen en curso ({{references}}). Cancélalas o complétalas antes de eliminar sus datos.",
    customerDoNotRent:
      "{{name}} está marcado como «No rentar» en Clientes: la reserva no se guardó. Quita la marca en su ficha si quieres alquilarle.",
    bookingRefused: "No podemos confirmar esta reserva en línea. Contáctanos para reservar.",
    erasedCustomer: "Cliente eliminado",
  },
  en: {
    customerNotFound: "Customer not found.",
    customerSearchTooLong: "The search cannot be longer than 100 characters.",
    customerNotesTooLong: "The notes cannot be longer than 2,000 characters.",
    customerReasonTooLong: "The reason cannot be longer than 500 characters.",
    customerFlagInvalid: "Say whether they may rent or not.",
    customerNotesSaved: "Notes saved.",
    customerFlagged: "{{name}} is now marked “Do not rent”: their next booking on your landings will be refused.",
    customerUnflagged: "{{name}} can book again.",
    customerErasedDone:
      "Personal data erased. Their bookings keep their amounts, dates, vehicle and status, without their identity.",
    customerAlreadyErased: "This customer's personal data was already erased.",
    customerErasedNoChanges: "This customer's data was erased: they can no longer be noted or flagged.",
    customerOnRent: "This customer has a vehicle on rent ({{reference}}). Record its return before erasing their data.",
    customerActiveBookings:
      "This customer has bookings still going ahead ({{references}}). Cancel or complete them before erasing their data.",
    customerDoNotRent:
      "{{name}} is marked “Do not rent” in Customers: the booking was not saved. Remove the mark on their page to rent to them.",
    bookingRefused: "We can't confirm this booking online. Please contact us to book.",
    erasedCustomer: "Erased customer",
  },
} as const satisfies Record<Language, Record<string, string>>;
