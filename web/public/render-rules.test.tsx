import { describe, expect, it } from "vitest";
import { bodyText } from "./testing/body-text";
import { parse } from "./testing/parse";
import { SAMPLE_RESERVATION, SAMPLE_RULED_LANDING, SAMPLE_SEARCH, samplePage } from "./testing/sample";
import type { PublicPageData } from "./types";

/** The public pages with rental rules (issue 10): what they explain, the lines they price, the contact links. */
const render = (overrides: Partial<PublicPageData>) =>
  parse(bodyText(samplePage({ landing: SAMPLE_RULED_LANDING, ...overrides })));

/** 8 days Santiago -> La Romana across the Corolla's high season (from 4 March). */
const LONG = { ...SAMPLE_SEARCH, to: "2027-03-10", dropoff: "La Romana" };

const WORDS = {
  es: {
    min5: "Mínimo 5 días de alquiler.",
    taken: "No disponible en esas fechas.",
    sunday: "Cerrado los domingos (Santiago).",
    searchRefused: "No se puede reservar con esta búsqueda (ver arriba).",
    choose: "Elegir",
    regular: "Tarifa normal: 2 días × US$45.00",
    season: "Temporada alta: 6 días × US$90.00",
    discount: "Descuento 7+ días (10 %)",
    oneWay: "Devolución en otro lugar",
    young: "Conductor joven: 8 días × US$10.00",
    deposit: "Depósito de seguridad US$300.00 (se retiene al recoger, nunca se cobra en línea)",
    depositOnCard: "Depósito de seguridad US$300.00 (se retiene en tu tarjeta, sin cobrarse)",
    money: (amount: string) => `US$${amount}`,
    call: "Llamar",
    vehicleMessage: "Hola, Caribe Autos & Co: me interesa el Toyota Corolla 2024 del 02-03-2027 al 10-03-2027.",
    referenceMessage: "Hola, Caribe Autos & Co: tengo una pregunta sobre mi reserva NLY-ABC234.",
    birth: "Fecha de nacimiento del conductor",
    policy: "si cancelas dentro de las 48 horas",
    youngFee: "+US$10.00/día si el conductor tiene menos de 25 años.",
    ageQuestion: "¿Hay una edad mínima para conducir?",
    fivePeople: "Este vehículo admite como máximo 5 personas.",
  },
  en: {
    min5: "Minimum 5 rental days.",
    taken: "Not available on those dates.",
    sunday: "Closed on Sundays (Santiago).",
    searchRefused: "Cannot be booked for this search (see above).",
    choose: "Choose",
    regular: "Regular rate: 2 days × $45.00",
    season: "Temporada alta: 6 days × $90.00",
    discount: "7+ day discount (10%)",
    oneWay: "One-way return",
    young: "Young driver: 8 days × $10.00",
    deposit: "Security deposit $300.00 (held at pickup, never charged online)",
    depositOnCard: "Security deposit $300.00 (held on your card, not charged)",
    money: (amount: string) => `$${amount}`,
    call: "Call",
    vehicleMessage:
      "Hello Caribe Autos & Co, I'm interested in the Toyota Corolla 2024 from Mar 2, 2027 to Mar 10, 2027.",
    referenceMessage: "Hello Caribe Autos & Co, I have a question about my booking NLY-ABC234.",
    birth: "Driver's date of birth",
    policy: "within 48 hours",
    youngFee: "+$10.00/day if the driver is under 25.",
    ageQuestion: "Is there a minimum driver age?",
    fivePeople: "This vehicle takes at most 5 people.",
  },
};

describe.each(["es", "en"] as const)("rental rules on the public pages in %s", (language) => {
  const words = WORDS[language];

  it("vehicle list: each card a rule or availability stops says why and offers no choice; the others their total", () => {
    const page = render({
      language,
      page: { kind: "vehicles" },
      query: SAMPLE_SEARCH,
      availability: { 11: true, 12: true, 13: false, 14: true },
    });
    const cards = page.byTestId("vehicle-card");
    expect(cards.map((card) => page.attr(card, "data-vehicle-id"))).toEqual(["11", "14", "12", "13"]);
    const card = (id: string) => cards.find((found) => page.attr(found, "data-vehicle-id") === id);
    const reasons = (id: string) =>
      page.text(page.byTestId("vehicle-reasons").find((list) => page.text(card(id)).includes(page.text(list))));
    expect(page.text(card("12"))).toContain(words.min5);
    expect(page.text(card("12"))).not.toContain(words.choose);
    expect(page.text(card("13"))).toContain(words.taken);
    expect(reasons("13")).toBe(words.taken);
    // The Corolla: 2 days at US$45 and 1 day of high season at US$90 = 180.00, + 18 % = 212.40.
    expect(page.text(card("11"))).toContain(words.money("212.40"));
    expect(page.text(card("11"))).toContain(words.choose);
    expect(page.byTestId("vehicle-reasons")).toHaveLength(2);
  });

  it("vehicle list: a searched period's price per day is its seasons', and the price filter compares that one", () => {
    const corolla = (page: ReturnType<typeof render>) =>
      page.byTestId("vehicle-card").find((card) => page.attr(card, "data-vehicle-id") === "11");
    const perDay = (page: ReturnType<typeof render>) => {
      const card = corolla(page);
      return page.text(page.byTestId("price-per-day").find((price) => page.text(card).includes(page.text(price))));
    };
    // Without a period: the vehicle's own price.
    expect(perDay(render({ language, page: { kind: "vehicles" }, query: {} }))).toBe(words.money("45.00"));
    // 2 days at US$45 and 1 of high season at US$90: US$60.00 a day (a walk's finding: it said 45 beside that total).
    const searched = render({ language, page: { kind: "vehicles" }, query: SAMPLE_SEARCH });
    expect(perDay(searched)).toBe(words.money("60.00"));
    expect(searched.text(corolla(searched))).toContain(words.money("212.40"));
    // At most 50 a day: the Corolla at 45 is offered with no period, not for this one at 60.
    expect(corolla(render({ language, page: { kind: "vehicles" }, query: { maxPrice: "50" } }))).toBeDefined();
    expect(
      corolla(render({ language, page: { kind: "vehicles" }, query: { ...SAMPLE_SEARCH, maxPrice: "50" } })),
    ).toBeUndefined();
    expect(
      corolla(render({ language, page: { kind: "vehicles" }, query: { ...SAMPLE_SEARCH, minPrice: "55" } })),
    ).toBeDefined();
    // The filter's hints span the prices it compares (a walk's finding: they said 45 for a search at 60).
    const hints = (page: ReturnType<typeof render>) =>
      ["filter-minPrice", "filter-maxPrice"].map((id) => page.attr(page.one(id), "placeholder"));
    const unsearched = render({ language, page: { kind: "vehicles" }, query: { q: "corolla" } });
    expect(hints(unsearched)).toEqual(["45", "45"]);
    const corollaSearched = render({ language, page: { kind: "vehicles" }, query: { ...SAMPLE_SEARCH, q: "corolla" } });
    expect(hints(corollaSearched)).toEqual(["60", "60"]);
  });

  it("vehicle list: a closed day shows under the pickup date of the search, and every card points up to it", () => {
    const page = render({
      language,
      page: { kind: "vehicles" },
      query: { ...SAMPLE_SEARCH, from: "2027-03-07", to: "2027-03-10" },
    });
    expect(page.text(page.one("search-error-from"))).toBe(words.sunday);
    expect(page.attr(page.one("list-search"), "open")).toBe("");
    // Said once, where the search can be changed; each card says it cannot be booked, and where to look.
    for (const list of page.byTestId("vehicle-reasons")) {
      expect(page.text(list)).toContain(words.searchRefused);
      expect(page.text(list)).not.toContain(words.sunday);
    }
    expect(page.byTestId("vehicle-reasons")).toHaveLength(4);
    expect(page.byTestId("vehicle-total")).toHaveLength(0);
  });

  it("vehicle: every line of the price, the deposit apart, and call and WhatsApp with the vehicle and dates", () => {
    const page = render({ language, page: { kind: "vehicle", vehicleId: 11 }, query: LONG });
    const price = page.text(page.one("vehicle-price"));
    for (const line of [words.regular, words.season, words.discount, words.oneWay]) expect(price).toContain(line);
    // 9,000 + 54,000 - 6,300 + 2,500 = 59,200; + 18 % = 69,856
    expect(page.text(page.one("vehicle-price-total"))).toBe(words.money("698.56"));
    expect(price).toContain(`−${words.money("63.00")}`);
    expect(page.text(page.one("deposit-note"))).toBe(words.deposit);
    expect(page.attr(page.one("contact-call"), "href")).toBe("tel:+18095550101");
    expect(page.text(page.one("contact-call"))).toBe(words.call);
    const whatsapp = new URL(page.attr(page.byTestId("contact-whatsapp")[0], "href") ?? "");
    expect(whatsapp.origin + whatsapp.pathname).toBe("https://wa.me/18095550199");
    expect(whatsapp.searchParams.get("text")).toBe(words.vehicleMessage);
    expect(page.attr(page.one("vehicle-select"), "href")).toContain("/caribe-autos/additions?");
    // Per day: 2 days at 45 and 6 at 90 over 8 days, as the list's card says it.
    expect(page.text(page.one("vehicle-day-rate"))).toBe(words.money("78.75"));
    const unsearched = render({ language, page: { kind: "vehicle", vehicleId: 11 }, query: {} });
    expect(unsearched.text(unsearched.one("vehicle-day-rate"))).toBe(words.money("45.00"));
  });

  it("the young-driver fee shows before the review: on the vehicle page, beside the review's price, in the FAQ (issue 24.9)", () => {
    const vehicle = render({ language, page: { kind: "vehicle", vehicleId: 11 }, query: LONG });
    expect(vehicle.text(vehicle.one("driver-rules"))).toBe(words.youngFee);
    const review = render({ language, page: { kind: "review" }, query: { ...LONG, vehicle: "11" } });
    expect(review.text(review.one("driver-rules"))).toBe(words.youngFee);
    const faq = render({ language, page: { kind: "faq" } });
    expect(faq.text(faq.one("faq"))).toContain(`${words.ageQuestion}${words.youngFee}`);
    // The FAQ's headings go down one level at a time (h1, then h2).
    expect(faq.tag("h3")).toHaveLength(0);
    expect(faq.tag("h2").length).toBeGreaterThan(0);
  });

  it("vehicle: a vehicle its own minimum stops explains it and cannot be selected", () => {
    const page = render({
      language,
      page: { kind: "vehicle", vehicleId: 12 },
      query: SAMPLE_SEARCH,
      availability: { 12: true },
    });
    expect(page.text(page.one("vehicle-unavailable"))).toContain(words.min5);
    expect(page.byTestId("vehicle-select")).toHaveLength(0);
    expect(page.byTestId("bar-select")).toHaveLength(0);
  });

  it("more people than the vehicle carries: its page, the extras and the review say so, and it cannot be booked", () => {
    const query = { ...SAMPLE_SEARCH, seats: "7", vehicle: "11" };
    const vehicle = render({ language, page: { kind: "vehicle", vehicleId: 11 }, query, availability: { 11: true } });
    expect(vehicle.text(vehicle.one("vehicle-unavailable"))).toContain(words.fivePeople);
    expect(vehicle.byTestId("vehicle-select")).toHaveLength(0);
    expect(vehicle.byTestId("bar-select")).toHaveLength(0);
    const extras = render({ language, page: { kind: "additions" }, query });
    expect(extras.text(extras.one("booking-problems"))).toContain(words.fivePeople);
    const review = render({ language, page: { kind: "review" }, query });
    expect(review.text(review.one("booking-problems"))).toContain(words.fivePeople);
    expect(review.attr(review.one("reserve"), "disabled")).toBe("");
  });

  it("review: every line before the date of birth is typed, the deposit, the empty field and the landing's policy", () => {
    // A date of birth never travels in the URL (it is personal): the young driver's fee shows once typed.
    const page = render({ language, page: { kind: "review" }, query: { ...LONG, vehicle: "11", birth: "2005-06-01" } });
    const price = page.text(page.one("price-breakdown"));
    for (const line of [words.regular, words.season, words.discount, words.oneWay]) expect(price).toContain(line);
    expect(price).not.toContain(words.young);
    // 63,000 - 6,300 + 2,500 = 59,200; + 18 % = 69,856
    expect(page.text(page.one("price-breakdown-total"))).toBe(words.money("698.56"));
    expect(page.text(page.one("bottom-bar-total"))).toBe(words.money("698.56"));
    expect(page.text(page.one("deposit-note"))).toBe(words.deposit);
    const birth = page.one("contact-driver_birth_date");
    expect(page.attr(birth, "type")).toBe("date");
    expect(page.attr(birth, "value")).toBe("");
    expect(page.tag("label").map((label) => page.text(label))).toContain(words.birth);
    expect(page.text(page.one("cancellation-policy"))).toContain(words.money("150.00"));
    expect(page.text(page.one("cancellation-policy"))).toContain(words.policy);
    expect(page.byTestId("review-contact-buttons")).toHaveLength(1);
  });

  it("review: no date of birth without an age rule, no contact buttons without numbers", () => {
    const page = render({
      language,
      landing: samplePage().landing,
      page: { kind: "review" },
      query: { ...SAMPLE_SEARCH, vehicle: "11" },
    });
    expect(page.byTestId("contact-driver_birth_date")).toHaveLength(0);
    expect(page.byTestId("contact-call")).toHaveLength(0);
    expect(page.byTestId("contact-whatsapp")).toHaveLength(0);
  });

  it("review, thank-you and the customer's page with no numbers: no contact block, and no rule drawn over nothing", () => {
    const landing = samplePage().landing;
    for (const kind of ["review", "thanks", "reservation"] as const) {
      const page = render({
        language,
        landing,
        page: { kind },
        query: kind === "review" ? { ...SAMPLE_SEARCH, vehicle: "11" } : { t: "secret-token" },
        reservation: SAMPLE_RESERVATION,
      });
      expect(page.byTestId("contact-call"), kind).toHaveLength(0);
      const rules = page.all.filter((element) => /\bborder-t\b/.test(page.attr(element, "class") ?? ""));
      for (const rule of rules) expect(page.text(rule), `${kind}: a rule with nothing under it`).not.toBe("");
    }
  });

  it("review: what the rules refuse shows before the form, and the reserve buttons stay off", () => {
    const page = render({ language, page: { kind: "review" }, query: { ...SAMPLE_SEARCH, vehicle: "12" } });
    expect(page.text(page.one("booking-problems"))).toContain(words.min5);
    expect(page.attr(page.one("reserve"), "disabled")).toBe("");
  });

  it("thank-you and the customer's page: the stored lines, the deposit, WhatsApp with the reference", () => {
    const reservation = {
      ...SAMPLE_RESERVATION,
      days: 8,
      rental_lines: [
        { season: null, days: 2, price_per_day_cents: 4500, total_cents: 9000 },
        { season: "Temporada alta", days: 6, price_per_day_cents: 9000, total_cents: 54000 },
      ],
      rental_cents: 63000,
      discount_rate: 10,
      discount_cents: 6300,
      fees: [{ kind: "oneWay" as const, total_cents: 2500, per_day_cents: null }],
      fees_cents: 2500,
      deposit_cents: 30000,
      addons: [],
      addons_cents: 0,
      subtotal_cents: 59200,
      tax_cents: 10656,
      total_cents: 69856,
    };
    for (const kind of ["thanks", "reservation"] as const) {
      const page = render({ language, page: { kind }, query: { t: "secret-token" }, reservation });
      const price = page.text(page.one("reservation-price"));
      for (const line of [words.regular, words.season, words.discount, words.oneWay]) expect(price).toContain(line);
      expect(page.text(page.one("reservation-price-total"))).toBe(words.money("698.56"));
      expect(page.text(page.one("deposit-note"))).toBe(words.deposit);
      const links = page.byTestId("contact-whatsapp").map((link) => new URL(page.attr(link, "href") ?? ""));
      expect(links.map((link) => link.searchParams.get("text"))).toContain(words.referenceMessage);
    }
  });

  it("deposit: held on the card where the landing holds it there, on the vehicle page and after booking", () => {
    const landing = {
      ...SAMPLE_RULED_LANDING,
      payment: { ...SAMPLE_RULED_LANDING.payment, deposit_hold: "at_booking" as const },
    };
    const vehicle = parse(
      bodyText(samplePage({ landing, language, page: { kind: "vehicle", vehicleId: 11 }, query: LONG })),
    );
    expect(vehicle.text(vehicle.one("deposit-note"))).toBe(words.depositOnCard);
  });

  it("footer: call and WhatsApp on every page of a landing with numbers", () => {
    const page = render({ language, page: { kind: "faq" } });
    const footer = page.one("footer-contact");
    expect(page.text(footer)).toContain(words.call);
    expect(page.text(footer)).toContain("WhatsApp");
    expect(page.text(page.one("cancellation-policy"))).toContain(words.money("50.00"));
  });
});
