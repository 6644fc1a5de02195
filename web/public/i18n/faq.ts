import type { Language } from "@domain/languages";

/**
 * The FAQ page's own questions and answers, in a module of their own so that only that page's
 * chunk carries them: every other public page loads the dictionary of `es.ts` or `en.ts`, and the
 * vehicle list's scripts have a budget (issue 29).
 */
type Item = { q: string; a: string };

const es = (landing: string, tax: string): Item[] => [
  {
    q: "¿Cómo reservo un vehículo?",
    a: "Elige el lugar y las fechas de recogida y devolución, escoge un vehículo, añade los extras que quieras, revisa el total y deja tus datos. Recibirás tu referencia en pantalla y por correo.",
  },
  {
    q: "¿Cómo se calcula el precio?",
    a: `El precio por día de tus fechas × días, más los extras, el cargo de tu viaje si lo hay y ${tax}. Ves cada línea y el total antes de reservar.`,
  },
  {
    q: "¿Cómo se cuentan los días?",
    a: "Cada periodo de 24 horas desde la hora de recogida es un día, redondeando hacia arriba: de las 10:00 a las 10:00 tres días después son 3 días; una hora más cuenta como un día más.",
  },
  {
    q: "¿Puedo devolver el vehículo en otro lugar?",
    a: `Donde ${landing} lo ofrece: marca «Devolver en otro lugar» en la búsqueda. Su cargo, si lo hay, sale en el desglose.`,
  },
  {
    q: "¿Mi reserva queda confirmada al instante?",
    a: `Queda registrada al momento y pendiente de confirmación. ${landing} la revisa y te escribe cuando la confirma; el estado aparece siempre en la página de tu reserva.`,
  },
  {
    q: "¿Cómo cancelo?",
    a: "Desde el enlace de tu correo de confirmación, con el botón «Cancelar reserva». Antes de confirmar verás el cargo que aplica la política de cancelación: ninguno mientras tu reserva no esté confirmada.",
  },
];

const en = (landing: string, tax: string): Item[] => [
  {
    q: "How do I book a vehicle?",
    a: "Choose the pickup and return place and dates, pick a vehicle, add the extras you want, check the total and leave your details. You get your reference on screen and by email.",
  },
  {
    q: "How is the price worked out?",
    a: `The price per day of your dates × days, plus extras, any fee of your trip and ${tax}. You see every line and the total before you book.`,
  },
  {
    q: "How are days counted?",
    a: "Every 24 hours from the pickup time is one day, rounded up: 10:00 to 10:00 three days later is 3 days; one more hour counts as one more day.",
  },
  {
    q: "Can I return the vehicle somewhere else?",
    a: `Where ${landing} offers it: tick “Return to a different place” in the search. Its fee, if any, is in the breakdown.`,
  },
  {
    q: "Is my booking confirmed right away?",
    a: `It is recorded at once and awaits confirmation. ${landing} reviews it and writes to you when it is confirmed; the status is always on your booking page.`,
  },
  {
    q: "How do I cancel?",
    a: "From the link in your confirmation email, with the “Cancel booking” button. Before you confirm you see the fee the cancellation policy applies: none while your booking is not confirmed yet.",
  },
];

/** The questions every landing answers, with its name and its tax written in. */
export const faqItems = (language: Language, landing: string, tax: string) =>
  (language === "en" ? en : es)(landing, tax);
