export const DESIGNER_ROOT = "/layout-designer";
export const ADD_VEHICLES_PATH = `${DESIGNER_ROOT}/add-vehicles`;
export const PLACES_PATH = `${DESIGNER_ROOT}/places`;
export const REVIEW_PATH = `${DESIGNER_ROOT}/review`;

/**
 * SPEC §2: Logo & Colores -> Add Vehicles -> Review, with the places between the vehicles and the
 * review (issue 25.10): publishing needs a vehicle and a place, so the designer asks for both.
 */
export const DESIGNER_STEPS = [
  { key: "brand", path: DESIGNER_ROOT },
  { key: "vehicles", path: ADD_VEHICLES_PATH },
  { key: "places", path: PLACES_PATH },
  { key: "review", path: REVIEW_PATH },
] as const;

export type DesignerStepKey = (typeof DESIGNER_STEPS)[number]["key"];

export function stepIndexFor(pathname: string): number {
  const path = pathname.replace(/\/+$/, "");
  if (path.startsWith(REVIEW_PATH)) return 3;
  if (path.startsWith(PLACES_PATH)) return 2;
  if (path.startsWith(ADD_VEHICLES_PATH)) return 1;
  return 0;
}

/** How long the "landing created" modal stays before moving on to the vehicles (SPEC §9). */
export const CREATED_MODAL_MS = 2000;
