import type { Language } from "@domain/languages";

/**
 * The review page's own notices, in a module of their own so that only that page's chunk carries
 * them: every other public page loads the dictionary of `es.ts` or `en.ts`, and the vehicle list's
 * scripts have a budget (issue 29).
 */
const es = {
  addonsGone: "Uno de los extras que elegiste ya no se ofrece: lo quitamos y el precio ya no lo incluye.",
  addonsReduced:
    "De uno de los extras elegiste más de lo que se permite por reserva: lo dejamos en el máximo y el precio ya lo refleja.",
  /** Under "Reservar ahora" while it cannot be pressed: the reason itself is beside the price. */
  blocked: "Así no se puede reservar: el motivo está en el recuadro del precio.",
  /** Under "Reservar ahora" while the page's script is still on its way (a slow connection). */
  preparing: "Preparando el formulario… Con una conexión lenta puede tardar un poco.",
  /** In a phone's bottom bar, instead of "Reservar ahora", while the price's box says why it cannot be. */
  seeWhy: "Ver el motivo",
};

const en: typeof es = {
  addonsGone: "An extra you chose is no longer offered: we took it out, and the price no longer includes it.",
  addonsReduced:
    "You chose more of an extra than a booking allows: we set it to its maximum, and the price reflects that.",
  blocked: "This cannot be booked as it stands: the reason is shown with the price.",
  preparing: "Getting the form ready… On a slow connection this can take a moment.",
  seeWhy: "See why",
};

export const reviewWords: Record<Language, typeof es> = { es, en };
