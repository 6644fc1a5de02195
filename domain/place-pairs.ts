/**
 * A landing's locations are pairs (SPEC §3): where a car is picked up and where it is returned,
 * with the one-way fee of that trip. A pair whose places are the same is the round trip. Only the
 * pairs the owner created are offered (issue 25.2): the pickup list holds the pairs' pickup places,
 * the return list what the chosen pickup allows, and any other pair is refused. Places are matched
 * trimmed and without regard to case, as everywhere else.
 */
export type PlacePair = { place_of_departure: string; arrival_place: string; one_way_fee_cents: number };

export const samePlace = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** Each place once (the first spelling seen), in the owner's order, blanks left out. */
function distinct(places: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const place of places) {
    const key = place.trim().toLocaleLowerCase();
    if (key !== "" && !seen.has(key)) seen.set(key, place.trim());
  }
  return [...seen.values()];
}

/** Every place of the pairs, pickup and return alike. */
export const allPlaces = (pairs: readonly Omit<PlacePair, "one_way_fee_cents">[]) =>
  distinct(pairs.flatMap((pair) => [pair.place_of_departure, pair.arrival_place]));

/** The places a rental can start at: every pair's pickup place. */
export const pickupPlaces = (pairs: readonly Omit<PlacePair, "one_way_fee_cents">[]) =>
  distinct(pairs.map((pair) => pair.place_of_departure));

/** The places a rental picked up at `pickup` can be returned to, in the owner's order. */
export const returnPlaces = (pairs: readonly Omit<PlacePair, "one_way_fee_cents">[], pickup: string) =>
  distinct(pairs.filter((pair) => samePlace(pair.place_of_departure, pickup)).map((pair) => pair.arrival_place));

/** The pair of this trip, or undefined when the owner offers no such trip. */
export const findPair = <T extends Omit<PlacePair, "one_way_fee_cents">>(
  pairs: readonly T[],
  pickup: string,
  dropoff: string,
): T | undefined =>
  pairs.find((pair) => samePlace(pair.place_of_departure, pickup) && samePlace(pair.arrival_place, dropoff));

/**
 * Where a rental picked up at `pickup` is returned unless the visitor says otherwise: the same
 * place when the owner offers the round trip, else the first place the pickup allows.
 */
export function defaultReturn(pairs: readonly Omit<PlacePair, "one_way_fee_cents">[], pickup: string): string {
  const allowed = returnPlaces(pairs, pickup);
  return allowed.find((place) => samePlace(place, pickup)) ?? allowed[0] ?? pickup;
}

/** What is wrong with a trip's places: a pickup no pair starts at, or a pair not offered. */
export type PairProblem =
  | { field: "place_of_departure"; key: "pickupNotOffered"; params: { place: string } }
  | { field: "arrival_place"; key: "pairNotOffered"; params: { pickup: string; dropoff: string } };

export function pairProblem(
  pairs: readonly Omit<PlacePair, "one_way_fee_cents">[],
  pickup: string,
  dropoff: string,
): PairProblem | null {
  if (!pickupPlaces(pairs).some((place) => samePlace(place, pickup))) {
    return { field: "place_of_departure", key: "pickupNotOffered", params: { place: pickup.trim() } };
  }
  if (findPair(pairs, pickup, dropoff)) return null;
  return { field: "arrival_place", key: "pairNotOffered", params: { pickup: pickup.trim(), dropoff: dropoff.trim() } };
}
