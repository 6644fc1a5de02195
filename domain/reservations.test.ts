import { describe, expect, it } from "vitest";
import { type ApiMessageKey, translate } from "./messages";
import {
  ACTIVE_STATUSES,
  BOOKED_STATUSES,
  CHANGEABLE_STATUSES,
  canTransition,
  nextStatuses,
  REFERENCE_PATTERN,
  RESERVATION_STATUSES,
  reservationCreateSchema,
  reservationListQuerySchema,
} from "./reservations";

const booking = (overrides: Record<string, unknown> = {}) => ({
  id_landing: 3,
  id_vehicle: 7,
  place_of_departure: " Santiago ",
  arrival_place: "La Romana",
  date_of_departure: "2027-03-02",
  time_of_departure: "10:00",
  date_of_arrival: "2027-03-05",
  time_of_arrival: "10:00",
  number_person: "2",
  name: "María José",
  last_name: "Peña",
  email: "Maria@Example.com",
  phone: "+1 (809) 555-0101",
  terms_accepted: true,
  ...overrides,
});

/** The message keys of each field that failed, as the API would report them. */
function problems(input: Record<string, unknown>) {
  const result = reservationCreateSchema.safeParse(input);
  if (result.success) return {};
  const found: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    found[key] = [...(found[key] ?? []), issue.message];
  }
  return found;
}

describe("reservation statuses (SPEC §9)", () => {
  it("moves pending to confirmed or cancelled, confirmed to cancelled, completed or no-show, and nothing else", () => {
    expect(nextStatuses("pending")).toEqual(["confirmed", "cancelled"]);
    expect(nextStatuses("confirmed")).toEqual(["cancelled", "completed", "no_show"]);
    expect(nextStatuses("cancelled")).toEqual([]);
    expect(nextStatuses("completed")).toEqual([]);
    expect(nextStatuses("no_show")).toEqual([]);
    expect(canTransition("pending", "completed")).toBe(false);
    expect(canTransition("pending", "no_show")).toBe(false);
    expect(canTransition("confirmed", "pending")).toBe(false);
    expect(canTransition("confirmed", "completed")).toBe(true);
  });

  it("leaves the counter's moves to the counter: nobody sets on rent or returned by hand (issue 28)", () => {
    for (const from of RESERVATION_STATUSES) {
      expect(canTransition(from, "on_rent")).toBe(false);
      expect(canTransition(from, "returned")).toBe(false);
    }
    expect(nextStatuses("on_rent")).toEqual([]);
    expect(nextStatuses("returned")).toEqual(["completed"]);
  });

  it("holds the unit while on rent, and lets a booking change only before the car leaves", () => {
    expect(ACTIVE_STATUSES).toEqual(["awaiting_payment", "pending", "confirmed", "on_rent"]);
    expect(CHANGEABLE_STATUSES).toEqual(["awaiting_payment", "pending", "confirmed"]);
    expect(BOOKED_STATUSES).toEqual(["confirmed", "on_rent", "returned", "completed"]);
  });

  it("writes references without look-alike characters", () => {
    expect(REFERENCE_PATTERN.test("NLY-7K3Q9P")).toBe(true);
    expect(REFERENCE_PATTERN.test("NLY-7K3Q9O")).toBe(false);
    expect(REFERENCE_PATTERN.test("NLY-7K3Q91")).toBe(false);
    expect(REFERENCE_PATTERN.test("xNLY-7K3Q9P")).toBe(false);
  });
});

describe("a booking as sent by the public site", () => {
  it("is read with its defaults: trimmed places, a lower-case email, no bags, no add-ons", () => {
    const parsed = reservationCreateSchema.parse(booking());
    expect(parsed).toMatchObject({
      place_of_departure: "Santiago",
      email: "maria@example.com",
      number_person: 2,
      number_bag: 0,
      addons: [],
      description: "",
    });
  });

  it("names each problem under its field", () => {
    expect(
      problems(
        booking({
          place_of_departure: "   ",
          date_of_departure: "2027-02-30",
          time_of_arrival: "24:00",
          number_person: 0,
          email: "maria@",
          phone: "809-555-CAR",
          terms_accepted: false,
          description: "x".repeat(1001),
        }),
      ),
    ).toEqual({
      place_of_departure: ["required"],
      date_of_departure: ["dateInvalid"],
      time_of_arrival: ["timeInvalid"],
      number_person: ["peopleRange"],
      email: ["email"],
      phone: ["phoneCharacters"],
      terms_accepted: ["termsRequired"],
      description: ["descriptionTooLong1000"],
    });
  });

  it("needs the landing by id or name, and add-ons once each, within their limits", () => {
    expect(problems(booking({ id_landing: undefined }))).toEqual({ id_landing: ["required"] });
    expect(problems(booking({ id_landing: undefined, name_landing: "autos-caribe" }))).toEqual({});
    expect(
      problems(
        booking({
          addons: [
            { id: 1, quantity: 1 },
            { id: 1, quantity: 2 },
          ],
        }),
      ),
    ).toEqual({
      addons: ["addonsInvalid"],
    });
    expect(problems(booking({ addons: [{ id: 1, quantity: 21 }] }))).toEqual({ addons: ["quantityRange"] });
    expect(problems(booking({ addons: [{ id: 1, quantity: 0 }] }))).toEqual({ addons: ["quantityRange"] });
    const eleven = Array.from({ length: 11 }, (_, index) => ({ id: index + 1, quantity: 1 }));
    expect(problems(booking({ addons: eleven }))).toEqual({ addons: ["addonsTooMany"] });
    expect(problems(booking({ number_person: 51 }))).toEqual({ number_person: ["peopleRange"] });
    expect(problems(booking({ number_person: 1.5 }))).toEqual({ number_person: ["peopleRange"] });
  });
});

describe("the owner's list filters", () => {
  it("default to 25 per page and refuse an unknown status or a bad date", () => {
    expect(reservationListQuerySchema.parse({})).toEqual({ q: "", limit: 25 });
    expect(reservationListQuerySchema.safeParse({ status: "lost" }).success).toBe(false);
    expect(reservationListQuerySchema.safeParse({ from: "2027-13-01" }).success).toBe(false);
    expect(reservationListQuerySchema.safeParse({ limit: "101" }).success).toBe(false);
  });

  it("name every status when one is unknown, in both languages", () => {
    const refused = reservationListQuerySchema.safeParse({ status: "lost" });
    const key = refused.error?.issues[0]?.message as ApiMessageKey;
    for (const language of ["es", "en"] as const) {
      for (const status of RESERVATION_STATUSES) expect(translate(language, key)).toContain(status);
    }
  });
});
