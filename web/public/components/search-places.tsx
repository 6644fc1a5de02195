import { pickupPlaces, returnPlaces, samePlace } from "@domain/place-pairs";
import * as lucide from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { usePage } from "../context";
import type { Search, SearchField } from "../lib/search";
import { fieldControl } from "../lib/ui";
import { keptIcon } from "./icons";
import { Labelled } from "./search-fields";

const MapPin = keptIcon(lucide.MapPin);

type PlaceFieldsProps = {
  id: string;
  search: Search;
  /** Whether the pickup field shows a problem (then an unknown pickup is shown empty, not as the first place). */
  pickupInError: boolean;
  describe: (field: SearchField) => string | undefined;
  invalid: (field: SearchField) => true | undefined;
  error: (field: SearchField) => ReactNode;
};

/**
 * Where the car is picked up and returned (issue 25.2): the pickup list holds the owner's pickup
 * places, the return what that pickup allows. A pickup with a round trip and other returns gets a
 * "return elsewhere" box that shows the other places by CSS alone (so it works without
 * JavaScript); one without a round trip always asks for its return place; one with only the round
 * trip says so. With JavaScript, the return follows a change of pickup at once; without it, the
 * next page names a pair that is not offered.
 */
export function PlaceFields({ id, search, pickupInError, describe, invalid, error }: PlaceFieldsProps) {
  const { data, t } = usePage();
  const pairs = data.landing.locations;
  const pickups = pickupPlaces(pairs);
  const known = pickups.find((place) => samePlace(place, search.pickup));
  const [pickup, setPickup] = useState(known ?? (pickupInError ? "" : (pickups[0] ?? "")));
  // Back to this page, the browser puts back the place chosen before (a select React held to its
  // own state showed the first place again, a walk's finding): the returns follow that one.
  const pickupSelect = useRef<HTMLSelectElement>(null);
  // Read once, as the page opens.
  useEffect(() => {
    const restored = pickupSelect.current?.value;
    if (restored) setPickup(restored);
  }, []);
  const returns = returnPlaces(pairs, pickup);
  const roundTrip = returns.some((place) => samePlace(place, pickup));
  const others = returns.filter((place) => !samePlace(place, pickup));
  // The return the search asked for, when this pickup allows it (else the list's first).
  const asked = search.dropoff !== "" && !samePlace(search.dropoff, search.pickup) ? search.dropoff : "";
  const askedReturn = others.find((place) => samePlace(place, asked)) ?? "";

  // The box's list keeps "same place" first, so that unticked and hidden (without JavaScript, it is
  // still sent) it says the car comes back where it left. Ticked, it moves to the first other place:
  // left on "same place", the box's return elsewhere was a round trip after all (a walk's finding).
  const boxReturn = useRef<HTMLSelectElement>(null);
  const returnSelect = (withSamePlace: boolean) => (
    <Labelled id={`${id}-dropoff`} label={t.search.dropoff} icon={<MapPin />}>
      <select
        // A new pickup brings its own returns: the list starts again from its first choice.
        key={pickup}
        ref={withSamePlace ? boxReturn : undefined}
        id={`${id}-dropoff`}
        name="dropoff"
        defaultValue={askedReturn || (withSamePlace ? "" : others[0])}
        className={`${fieldControl} pl-10`}
        aria-invalid={invalid("dropoff")}
        aria-describedby={describe("dropoff")}
        data-testid="search-dropoff"
      >
        {withSamePlace && <option value="">{t.search.samePlace}</option>}
        {others.map((place) => (
          <option key={place} value={place}>
            {place}
          </option>
        ))}
      </select>
    </Labelled>
  );

  return (
    <div className="group @lg:col-span-2">
      <Labelled id={`${id}-pickup`} label={t.search.pickup} icon={<MapPin />}>
        <select
          id={`${id}-pickup`}
          ref={pickupSelect}
          name="pickup"
          defaultValue={pickup}
          onChange={(event) => setPickup(event.currentTarget.value)}
          className={`${fieldControl} pl-10`}
          aria-invalid={invalid("pickup")}
          aria-describedby={describe("pickup")}
          data-testid="search-pickup"
        >
          {/* A place from an old or edited link is not offered: the field shows empty, not the first place. */}
          {!known && pickup === "" && <option value="">{t.search.choosePlace}</option>}
          {pickups.map((place) => (
            <option key={place} value={place}>
              {place}
            </option>
          ))}
        </select>
      </Labelled>
      {error("pickup")}
      {roundTrip && others.length > 0 && (
        <>
          <label className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-2 text-sm font-medium text-gray-800">
            <input
              type="checkbox"
              name="different"
              value="1"
              // A return the landing does not offer (an old or edited link) opens the list its message asks to choose from.
              defaultChecked={askedReturn !== "" || invalid("dropoff")}
              onChange={(event) => {
                const select = boxReturn.current;
                if (select && event.currentTarget.checked && select.value === "") select.value = others[0] ?? "";
              }}
              className="size-5 rounded border-gray-400 accent-(--brand)"
              data-testid="different-return"
            />
            {t.search.differentReturn}
          </label>
          {/* Shown by CSS alone when the box is ticked, so it works without JavaScript too. */}
          <div className="hidden group-has-[[name=different]:checked]:block">{returnSelect(true)}</div>
        </>
      )}
      {!roundTrip && others.length > 0 && (
        <div className="mt-4">
          {/* Always a return elsewhere: the form sends it as the box would. */}
          <input type="hidden" name="different" value="1" />
          {returnSelect(false)}
        </div>
      )}
      {roundTrip && others.length === 0 && (
        <p className="mt-2 text-sm text-gray-700" data-testid="same-place-return">
          {t.search.returnSamePlace}
        </p>
      )}
      {error("dropoff")}
    </div>
  );
}
