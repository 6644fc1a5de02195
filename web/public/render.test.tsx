import { DEFAULT_PAYMENT_SETTINGS, type LedgerMovement, paymentPlanFor, summarizePayments } from "@domain/payments";
import { describe, expect, it } from "vitest";
import { pageDescription, pageTitle } from "./render";
import { bodyText } from "./testing/body-text";
import { isElement, parse } from "./testing/parse";
import {
  SAMPLE_LANDING,
  SAMPLE_RESERVATION,
  SAMPLE_RULED_LANDING,
  SAMPLE_SEARCH,
  SAMPLE_TODAY,
  samplePage,
} from "./testing/sample";
import type { PublicPageData } from "./types";

const render = (overrides: Partial<PublicPageData>) => parse(bodyText(samplePage(overrides)));

const RESERVATION = SAMPLE_RESERVATION;

describe.each(["es", "en"] as const)("every public page renders in %s", (language) => {
  const words = {
    es: {
      hero: "Alquila tu vehículo con Caribe Autos & Co",
      search: "Buscar vehículos",
      perDay: "por día",
      cta: "Buscar un vehículo",
    },
    en: {
      hero: "Rent your vehicle with Caribe Autos & Co",
      search: "Search vehicles",
      perDay: "per day",
      cta: "Find a vehicle",
    },
  }[language];

  it("a group bigger than the fleet carries: offered in the seats list, then told who to call (issue 24.10)", () => {
    const page = render({ language, page: { kind: "vehicles" }, query: { ...SAMPLE_SEARCH, seats: "12" } });
    const seats = page.all.find((element) => element.tagName === "select" && page.attr(element, "name") === "seats");
    const options = seats?.childNodes.filter(isElement) ?? [];
    // The sample fleet carries up to 10.
    expect(options.map((option) => page.text(option)).at(-1)).toBe(language === "es" ? "Más de 10" : "More than 10");
    expect(page.text(page.one("group-notice"))).toContain(
      language === "es" ? "Nuestros vehículos llevan hasta 10 personas." : "Our vehicles carry up to 10 passengers.",
    );
    // The sample landing gives no phone: the visitor is told what they can do, never to call.
    expect(page.text(page.one("group-notice"))).toContain(
      language === "es"
        ? "reserva varios vehículos, uno en cada reserva"
        : "book several vehicles, one in each booking",
    );
    expect(page.text(page.one("group-notice"))).not.toMatch(/llama|call/i);
    // With a number, it says to call and offers it.
    const reachable = render({
      language,
      landing: SAMPLE_RULED_LANDING,
      page: { kind: "vehicles" },
      query: { ...SAMPLE_SEARCH, seats: "12" },
    });
    expect(reachable.text(reachable.one("group-notice"))).toMatch(
      language === "es" ? /llama o escribe/ : /call or message/,
    );
    expect(reachable.byTestId("contact-call")).not.toHaveLength(0);
    const plain = render({ language, page: { kind: "vehicles" }, query: SAMPLE_SEARCH });
    expect(plain.byTestId("group-notice")).toHaveLength(0);
  });

  it("home: brand, the search form with PRODUCT §5's defaults, three vehicles, how it works, footer", () => {
    const page = render({ language });
    expect(page.text(page.tag("h1")[0])).toBe(words.hero);
    expect(page.attr(page.tag("img")[0], "alt")).toBe("Caribe Autos & Co");
    const form = page.one("search-form");
    expect(page.attr(form, "method")).toBe("get");
    expect(page.attr(form, "action")).toBe("/caribe-autos/vehicle");
    const value = (name: string) =>
      page.attr(
        page.all.find((element) => page.attr(element, "name") === name),
        "value",
      );
    expect([value("from"), value("fromTime"), value("to"), value("toTime")]).toEqual([
      "2027-03-02",
      "10:00",
      "2027-03-05",
      "10:00",
    ]);
    const pickup = page.all.find((element) => page.attr(element, "name") === "pickup");
    // The pairs' pickup places only: La Romana is a return place (issue 25.2).
    expect(pickup?.childNodes.filter(isElement).map((option) => page.text(option))).toEqual(["Santiago", "Punta Cana"]);
    expect(page.text(page.one("search-submit"))).toBe(words.search);
    expect(page.byTestId("vehicle-card")).toHaveLength(3);
    expect(page.name(page.one("vehicle-link"))).toBe(`${language === "es" ? "Elegir" : "Choose"} Toyota Corolla 2024`);
    expect(page.text(page.byTestId("price-per-day")[0])).toBe(language === "es" ? "US$45.00" : "$45.00");
    expect(page.text(page.one("public-footer"))).toContain("© 2027 Caribe Autos & Co");
    expect(page.text()).toContain(language === "es" ? "Reservas con Nelly" : "Bookings by Nelly");
    const language_switch = page.one("language-switch");
    expect(page.attr(language_switch, "href")).toBe(`/caribe-autos?lang=${language === "es" ? "en" : "es"}`);
  });

  it("vehicle list: the total and availability for the searched period, filters from the fleet", () => {
    const page = render({
      language,
      page: { kind: "vehicles" },
      query: SAMPLE_SEARCH,
      availability: { 11: true, 12: false, 13: true, 14: true },
    });
    const cards = page.byTestId("vehicle-card");
    // Vehicles taken for the period go last; the Kia seats 4, fine for the group of 2.
    expect(cards.map((card) => page.attr(card, "data-vehicle-id"))).toEqual(["11", "13", "14", "12"]);
    expect(page.text(page.byTestId("vehicle-total")[0])).toContain(language === "es" ? "US$159.30" : "$159.30");
    expect(page.text(page.one("vehicle-unavailable"))).toBe(language === "es" ? "No disponible" : "Not available");
    const types = page.all.find((element) => page.attr(element, "id") === "filter-type");
    expect(types?.childNodes.filter(isElement).map((option) => page.attr(option, "value"))).toEqual([
      "",
      "sedan",
      "suv",
      "van",
    ]);
    expect(page.text(page.one("filters"))).toContain(
      language === "es" ? "Asientos calefactables" : "Asientos calefactables",
    );
    const link = page.attr(page.byTestId("vehicle-link")[0], "href");
    expect(link).toBe(
      "/caribe-autos/vehicles/11?pickup=Santiago&from=2027-03-02&fromTime=10%3A00&to=2027-03-05&toTime=10%3A00&seats=2",
    );
  });

  it("vehicle cards: each has one link, named by the word its button shows, then the vehicle (WCAG 2.5.3)", () => {
    const [choose, view] = language === "es" ? ["Elegir", "Ver detalles"] : ["Choose", "View details"];
    for (const [page, count, taken] of [
      [render({ language, page: { kind: "home" } }), 3, ""],
      [render({ language, page: { kind: "vehicles" }, query: SAMPLE_SEARCH, availability: { 12: false } }), 4, "12"],
    ] as const) {
      const cards = page.byTestId("vehicle-card");
      expect(cards).toHaveLength(count);
      for (const card of cards) {
        const word = page.attr(card, "data-vehicle-id") === taken ? view : choose;
        const vehicle = page.text(page.inside(card).find((element) => /^h[23]$/.test(element.tagName)));
        const links = page.inside(card).filter((element) => element.tagName === "a");
        // One tab stop per card: the button is the link, stretched over the whole card.
        expect(links).toHaveLength(1);
        for (const link of links) {
          expect(page.attr(link, "data-testid")).toBe("vehicle-link");
          expect(page.attr(link, "class")).toContain("after:inset-0");
          // A voice user says the word they see; a list of links still tells the cards apart.
          expect(page.seen(link)).toBe(word);
          expect(page.name(link)).toBe(`${word} ${vehicle}`);
        }
      }
    }
  });

  it("vehicle list: the empty message when the filters match nothing", () => {
    const page = render({ language, page: { kind: "vehicles" }, query: { q: "ferrari" } });
    expect(page.text(page.one("vehicle-list-empty"))).toContain(
      language === "es" ? "Ningún vehículo coincide" : "No vehicle matches",
    );
  });

  it("vehicle list: a filter value no vehicle has (an old link) is dropped, not applied unseen", () => {
    const page = render({ language, page: { kind: "vehicles" }, query: { type: "rocket", brand: "kia" } });
    expect(page.byTestId("vehicle-card").map((card) => page.attr(card, "data-vehicle-id"))).toEqual(["14"]);
    expect(page.text(page.one("filters"))).toContain(language === "es" ? "1 filtro activo" : "1 active filter");
  });

  it("vehicle list: a place the landing does not offer shows an empty field, not the first place", () => {
    const page = render({ language, page: { kind: "vehicles" }, query: { ...SAMPLE_SEARCH, pickup: "<script>" } });
    const select = page.all.find((element) => element.tagName === "select" && page.attr(element, "name") === "pickup");
    const selected = select?.childNodes.find(
      (option) => "attrs" in option && option.attrs.some((attribute) => attribute.name === "selected"),
    );
    expect(selected && "attrs" in selected ? page.attr(selected, "value") : undefined).toBe("");
    expect(page.text(page.one("search-error-pickup"))).toBe(
      language === "es" ? "Elige un lugar de la lista." : "Choose a place from the list.",
    );
  });

  it("vehicle list: a search in the past says so under its field", () => {
    const page = render({ language, page: { kind: "vehicles" }, query: { ...SAMPLE_SEARCH, from: "2027-02-01" } });
    // "Check your search…" once, above the form; the step strip only names the step to correct.
    const fix = language === "es" ? "Revisa tu búsqueda" : "Check your search";
    expect(page.text().split(fix)).toHaveLength(2);
    expect(page.text(page.one("step-strip"))).toContain(
      language === "es" ? "Búsqueda por corregir" : "Fix your search",
    );
    // Nor is that step ticked as done: it shows its number, as a step still to do.
    const trip = language === "es" ? "Fecha y lugar" : "Dates & place";
    const tripStep = page.tag("li").find((item) => page.text(item).includes(trip));
    expect(tripStep && page.text(tripStep).trim()).toMatch(new RegExp(`^1\\s*${trip}`));
    expect(page.text(page.one("search-error-from"))).toBe(
      language === "es"
        ? "La fecha de recogida ya pasó: elige una fecha futura."
        : "The pickup date has passed: choose a future date.",
    );
  });

  it("vehicle: photos with srcset, sizes and dimensions, every detail, Back and Select", () => {
    const page = render({ language, page: { kind: "vehicle", vehicleId: 11 }, query: { ...SAMPLE_SEARCH, q: "toy" } });
    expect(page.text(page.one("vehicle-name"))).toBe("Toyota Corolla 2024");
    const photos = page.tag("img").filter((img) => page.attr(img, "srcset")?.includes("480w"));
    expect(photos.length).toBeGreaterThanOrEqual(3);
    expect(page.attr(photos[0], "width")).toBe("1600");
    expect(page.attr(photos[0], "height")).toBe("1200");
    expect(page.attr(photos[0], "loading")).toBe("eager");
    expect(page.attr(photos[1], "loading")).toBe("lazy");
    expect(page.attr(photos[0], "sizes")).toBeTruthy();
    expect(page.text()).toContain("Sedán económico <b>y</b> cómodo.");
    expect(page.text(page.one("vehicle-details"))).toContain(language === "es" ? "Automática" : "Automatic");
    // Said once, as the transmission: never again as a piece of equipment.
    expect(page.text().match(/Automátic|Automatic/g)).toHaveLength(1);
    expect(page.text(page.one("vehicle-special-features"))).toContain("Asientos calefactables");
    // Left in the landing's Spanish (the answer says so, `untranslated`): each text marked with its language.
    for (const words of ["Asientos calefactables", "Para las mañanas frías."]) {
      const shown = page.tag("p").find((element) => page.text(element) === words);
      expect(page.attr(shown, "lang"), words).toBe("es");
    }
    // The owner's specs are never translated: on another language's page, marked with the landing's.
    const specs = page.tag("dl").find((element) => page.text(element).includes("Azul"));
    expect(page.text(specs)).toContain("Color");
    expect(page.attr(specs, "lang")).toBe(language === "es" ? undefined : "es");
    expect(page.attr(page.one("vehicle-select"), "href")).toBe(
      "/caribe-autos/additions?pickup=Santiago&from=2027-03-02&fromTime=10%3A00&to=2027-03-05&toTime=10%3A00&seats=2&vehicle=11",
    );
    expect(page.attr(page.one("vehicle-back"), "href")).toContain("/caribe-autos/vehicle?pickup=Santiago");
    expect(page.attr(page.one("vehicle-back"), "href")).toContain("q=toy");
    // The photos' strip is a keyboard stop with photos to move between, and the skip link's target
    // takes the focus (a keyboard walk found it left on the page's body).
    expect(page.attr(page.one("carousel-strip"), "tabindex")).toBe("0");
    expect(page.attr(page.tag("main")[0], "tabindex")).toBe("-1");
  });

  it("vehicle: a single photo is no keyboard stop, having nowhere to scroll", () => {
    const page = render({ language, page: { kind: "vehicle", vehicleId: 12 }, query: SAMPLE_SEARCH });
    expect(page.attr(page.one("carousel-strip"), "tabindex")).toBeUndefined();
  });

  it("the phone's bottom bar (total and next step) is inside the page's main landmark, on the vehicle, the extras and the review", () => {
    const query = { ...SAMPLE_SEARCH, vehicle: "11" };
    const pages: PublicPageData["page"][] = [
      { kind: "vehicle", vehicleId: 11 },
      { kind: "additions" },
      { kind: "review" },
    ];
    for (const kind of pages) {
      const page = render({ language, page: kind, query });
      // Outside every landmark, axe's "region" rule flagged it: a screen reader's landmarks skipped it.
      let node: { tagName?: string; parentNode?: unknown } | undefined = page.one("bottom-bar");
      while (node && node.tagName !== "main") node = node.parentNode as typeof node;
      expect(node?.tagName, kind.kind).toBe("main");
    }
  });

  it("extras: add, minus, plus and remove are links that change the add-ons; the running total", () => {
    const page = render({
      language,
      page: { kind: "additions" },
      query: { ...SAMPLE_SEARCH, vehicle: "11", addons: "23:2" },
    });
    const addons = page.byTestId("addon");
    expect(addons).toHaveLength(3);
    // Two child seats (up to 3 per booking); the coverages are taken once.
    expect(page.text(page.one("addon-quantity"))).toBe("2");
    expect(page.attr(page.one("addon-increase"), "href")).toContain("addons=23%3A3");
    expect(page.attr(page.one("addon-decrease"), "href")).toContain("addons=23%3A1");
    expect(page.attr(page.one("addon-remove"), "href")).not.toContain("addons=");
    expect(page.attr(page.byTestId("addon-add")[0], "href")).toContain("addons=23%3A2%2C21%3A1");
    expect(page.byTestId("addon-cap").map((cap) => page.text(cap))).toEqual(
      language === "es"
        ? ["Uno por reserva", "Uno por reserva", "Hasta 3 por reserva"]
        : ["One per booking", "One per booking", "Up to 3 per booking"],
    );
    // (45 + 2 × 8.50) × 3 = 186; + 18 % = 219.48
    expect(page.text(page.one("running-total-total"))).toBe(language === "es" ? "US$219.48" : "$219.48");
  });

  it("extras: a vehicle taken for the dates since the list was read says so before the review", () => {
    const query = { ...SAMPLE_SEARCH, vehicle: "11" };
    const free = render({ language, page: { kind: "additions" }, query, availability: { 11: true } });
    expect(free.byTestId("booking-problems")).toHaveLength(0);
    const taken = render({ language, page: { kind: "additions" }, query, availability: { 11: false } });
    expect(taken.text(taken.one("booking-problems"))).toContain(
      language === "es" ? "No disponible en esas fechas." : "Not available on those dates.",
    );
    // Not sent on to a review that refuses it: the list, with the search kept, to choose another.
    for (const id of ["addons-continue", "bar-continue"]) {
      expect(taken.text(taken.one(id))).toBe(
        language === "es" ? "Ver vehículos disponibles" : "See available vehicles",
      );
      expect(taken.attr(taken.one(id), "href")).toMatch(/\/caribe-autos\/vehicle\?.*from=/);
      expect(taken.attr(taken.one(id), "href")).not.toContain("vehicle=11");
    }
    expect(free.attr(free.one("addons-continue"), "href")).toContain("/caribe-autos/review?");
  });

  it("extras: a coverage has no plus, and more than an add-on allows is read as its maximum", () => {
    const page = render({
      language,
      page: { kind: "additions" },
      query: { ...SAMPLE_SEARCH, vehicle: "11", addons: "21:5,23:9" },
    });
    expect(page.byTestId("addon-added")).toHaveLength(1);
    expect(page.text(page.one("addon-quantity"))).toBe("3");
    expect(page.byTestId("addon-increase")).toHaveLength(1);
    // (45 + 12 + 3 × 8.50) × 3 = 247.50; + 18 % = 292.05
    expect(page.text(page.one("running-total-total"))).toBe(language === "es" ? "US$292.05" : "$292.05");
  });

  it("review: more of an extra than a booking allows is booked at its maximum, and the page says so", () => {
    const asked = (addons: string) =>
      render({ language, page: { kind: "review" }, query: { ...SAMPLE_SEARCH, vehicle: "11", addons } });
    const over = asked("21:5,23:9");
    expect(over.text(over.one("review-extras"))).toMatch(/× 1.*Silla de bebé × 3|Silla de bebé × 3.*× 1/);
    expect(over.text(over.one("review-addons-reduced"))).toBe(
      language === "es"
        ? "De uno de los extras elegiste más de lo que se permite por reserva: lo dejamos en el máximo y el precio ya lo refleja."
        : "You chose more of an extra than a booking allows: we set it to its maximum, and the price reflects that.",
    );
    expect(over.byTestId("review-addons-gone")).toHaveLength(0);
    // Within what each allows, nothing is said; an extra no longer offered is said on its own.
    expect(asked("21:1,23:3").byTestId("review-addons-reduced")).toHaveLength(0);
    const gone = asked("23:2,999:1");
    expect(gone.byTestId("review-addons-gone")).toHaveLength(1);
    expect(gone.byTestId("review-addons-reduced")).toHaveLength(0);
  });

  it("review: a pickup already inside the policy's window says first what cancelling would cost", () => {
    const policyOf = (from: string, fromTime: string) => {
      const query = { ...SAMPLE_SEARCH, from, fromTime, vehicle: "11", addons: "21:1" };
      const page = render({ language, page: { kind: "review" }, query });
      return page.byTestId("cancellation-late-now").map((line) => page.text(line));
    };
    // The page is drawn on the landing's today from its first hour: 20:00 is 20 hours away, inside
    // the 24 of the sample's policy; tomorrow at 10:00 is 34 hours away, outside.
    expect(policyOf(SAMPLE_TODAY, "20:00")).toEqual([
      language === "es"
        ? "Tu recogida es dentro de las próximas 24 horas: una vez confirmada la reserva, cancelarla cuesta US$200.00."
        : "Your pickup is less than 24 hours away: once the booking is confirmed, cancelling it costs $200.00.",
    ]);
    expect(policyOf(SAMPLE_SEARCH.from, "10:00")).toEqual([]);
  });

  it("review: the breakdown, the cancellation policy and the contact form", () => {
    const page = render({
      language,
      page: { kind: "review" },
      query: { ...SAMPLE_SEARCH, vehicle: "11", addons: "21:1" },
    });
    expect(page.text(page.one("price-breakdown"))).toContain("ITBIS (18");
    expect(page.text(page.one("price-breakdown-total"))).toBe(language === "es" ? "US$201.78" : "$201.78");
    expect(page.text(page.one("cancellation-policy"))).toContain(language === "es" ? "US$200.00" : "$200.00");
    for (const field of ["name", "last_name", "email", "phone", "description", "terms"]) page.one(`contact-${field}`);
    // "Reservar ahora" is greyed until the script takes over; past 2 s (a slow connection) it says why.
    const preparing = page.one("reserve-preparing");
    expect(page.text(preparing)).toBe(
      language === "es"
        ? "Preparando el formulario… Con una conexión lenta puede tardar un poco."
        : "Getting the form ready… On a slow connection this can take a moment.",
    );
    expect(page.attr(preparing, "class")).toContain("appear-late");
    // Two "Cambiar" links to two different steps: each says which, for a screen reader.
    expect(page.attr(page.one("review-edit-trip"), "aria-label")).toBe(
      language === "es" ? "Cambiar tu viaje" : "Change your trip",
    );
    expect(page.attr(page.one("review-edit-extras"), "aria-label")).toBe(
      language === "es" ? "Cambiar los extras" : "Change the extras",
    );
    const labels = page.tag("label").map((label) => page.text(label));
    expect(labels).toEqual(
      expect.arrayContaining(
        language === "es" ? ["Nombre", "Apellido", "Teléfono"] : ["First name", "Last name", "Phone"],
      ),
    );
    // The header's and the footer's vehicle list keep the trip searched, not the vehicle or its extras.
    const toList = page
      .tag("a")
      .filter((link) => page.text(link).trim() === (language === "es" ? "Vehículos" : "Vehicles"))
      .map((link) => page.attr(link, "href"));
    expect(toList).toEqual([
      "/caribe-autos/vehicle?pickup=Santiago&from=2027-03-02&fromTime=10%3A00&to=2027-03-05&toTime=10%3A00&seats=2",
      "/caribe-autos/vehicle?pickup=Santiago&from=2027-03-02&fromTime=10%3A00&to=2027-03-05&toTime=10%3A00&seats=2",
    ]);
  });

  // A walk's finding: returning an hour later than the pickup added a day, said only in the FAQ.
  it("review: a return later in the day than the pickup says it counts one more day, and how to avoid it", () => {
    const reviewOf = (toTime: string) => {
      const page = render({ language, page: { kind: "review" }, query: { ...SAMPLE_SEARCH, toTime, vehicle: "11" } });
      return page.byTestId("extra-day-note").map((note) => page.text(note));
    };
    expect(reviewOf("11:00")).toEqual([
      language === "es"
        ? "Devuelves a las 11:00 AM, más tarde que la hora de recogida (10:00 AM): esas horas cuentan como un día más. Devolviendo a las 10:00 AM serían 3 días."
        : "You return at 11:00 AM, later than the pickup time (10:00 AM): those hours count as one more day. Returning at 10:00 AM would make it 3 days.",
    ]);
    // At the pickup's hour or earlier in the day, nothing extra to say.
    expect(reviewOf("10:00")).toEqual([]);
    expect(reviewOf("09:00")).toEqual([]);
  });

  it("review: without a vehicle it asks for one", () => {
    const page = render({ language, page: { kind: "review" }, query: SAMPLE_SEARCH });
    expect(page.text(page.one("missing-choice"))).toContain(
      language === "es" ? "Primero elige un vehículo." : "Choose a vehicle first.",
    );
  });

  it("review and extras: a vehicle in the link that the landing does not have is said to be no longer offered", () => {
    for (const kind of ["review", "additions"] as const) {
      const page = render({ language, page: { kind }, query: { ...SAMPLE_SEARCH, vehicle: "999" } });
      expect(page.text(page.one("missing-choice")), kind).toContain(
        language === "es" ? "Este vehículo ya no se ofrece" : "This vehicle is no longer offered",
      );
    }
  });

  it("review: with a search in the link that cannot be booked, it says what is wrong with it", () => {
    const page = render({
      language,
      page: { kind: "review" },
      query: { ...SAMPLE_SEARCH, to: "2027-03-01", vehicle: "11" },
    });
    const text = page.text(page.one("missing-choice"));
    expect(text).toContain(
      language === "es" ? "Primero elige lugar y fechas válidos." : "Choose a valid place and dates first.",
    );
    expect(text).toContain(
      language === "es" ? "La devolución debe ser después de la recogida." : "The return must be after the pickup.",
    );
  });

  it("thank-you: the name (escaped), the reference, what happens next and the customer's link", () => {
    const page = render({
      language,
      page: { kind: "thanks" },
      query: { ref: "NLY-ABC234", t: "secret-token" },
      reservation: RESERVATION,
    });
    expect(page.text(page.one("thanks-title"))).toBe(
      language === "es" ? "¡Gracias, Ana <script>!" : "Thank you, Ana <script>!",
    );
    expect(page.tag("script")).toHaveLength(0);
    expect(page.text(page.one("thanks-reference"))).toBe("NLY-ABC234");
    expect(page.attr(page.one("thanks-manage"), "href")).toBe("/caribe-autos/reservation/NLY-ABC234?t=secret-token");
    expect(page.text(page.one("reservation-price-total"))).toBe(language === "es" ? "US$201.78" : "$201.78");
    expect(page.byTestId("thanks-again")).toHaveLength(0);
    // Every step before "Listo" is ticked, the trip's too: its address holds the booking, not the trip.
    const steps = page.one("step-strip");
    const first = language === "es" ? "Fecha y lugar" : "Dates & place";
    expect(page.text(steps)).toContain(first);
    expect(page.text(steps)).not.toMatch(/[1-4](Fecha y lugar|Dates & place|Vehículo|Vehicle|Extras|Revisión|Review)/);
  });

  it("thank-you after the same booking was sent again (a lost answer, a second tab): it says no second booking was made", () => {
    const page = render({
      language,
      page: { kind: "thanks" },
      query: { ref: "NLY-ABC234", t: "secret-token", again: "1" },
      reservation: RESERVATION,
    });
    expect(page.text(page.one("thanks-again"))).toBe(
      language === "es"
        ? "Ya habías hecho esta reserva: es la misma, no se hizo otra."
        : "You had already made this booking: this is the same one, no second booking was made.",
    );
    expect(page.text(page.one("thanks-reference"))).toBe("NLY-ABC234");
  });

  it("the customer's page: status, details, price and the cancel button", () => {
    const page = render({
      language,
      page: { kind: "reservation" },
      query: { t: "secret-token" },
      reservation: RESERVATION,
    });
    expect(page.text(page.one("reservation-status"))).toBe(
      language === "es" ? "Pendiente de confirmación" : "Awaiting confirmation",
    );
    expect(page.text(page.one("cancel-open"))).toBe(language === "es" ? "Cancelar reserva" : "Cancel booking");
    // A walk's finding: under "Change of plans?" only a cancel button, to someone who wanted another day.
    expect(page.text(page.one("change-hint"))).toBe(
      language === "es"
        ? "Para cambiar las fechas u otro detalle, contacta a Caribe Autos & Co. Si ya no la necesitas, puedes cancelarla aquí."
        : "To change the dates or anything else, contact Caribe Autos & Co. If you no longer need it, you can cancel it here.",
    );
    expect(page.text(page.one("trip-summary"))).toContain("La Romana");
    // The summary is headed, as on the thank-you page (a keyboard walk's list of headings skipped it).
    expect(page.tag("h2").map((heading) => page.text(heading))).toContain(language === "es" ? "Resumen" : "Summary");
    // No comment, no row; one written when booking shows as written (a walk's finding: never shown).
    expect(page.byTestId("reservation-comment")).toHaveLength(0);
    const commented = render({
      language,
      page: { kind: "reservation" },
      query: { t: "secret-token" },
      reservation: { ...RESERVATION, description: "Llegamos en el vuelo <b>de las 9</b>." },
    });
    expect(commented.text(commented.one("reservation-comment"))).toBe("Llegamos en el vuelo <b>de las 9</b>.");
  });

  it("the customer's page of a cancelled booking says who ended it, and a fee only when there is one", () => {
    const said = {
      owner: { es: "Caribe Autos & Co canceló esta reserva.", en: "Caribe Autos & Co cancelled this booking." },
      customer: { es: "Cancelaste esta reserva.", en: "You cancelled this booking." },
      unpaid: {
        es: "Esta reserva se canceló porque el pago no llegó a tiempo.",
        en: "This booking was cancelled because the payment did not arrive in time.",
      },
    } as const;
    for (const [by, fee] of [
      ["owner", 100_00],
      ["customer", 0],
      ["unpaid", 0],
    ] as const) {
      const page = render({
        language,
        page: { kind: "reservation" },
        query: { t: "secret-token" },
        reservation: { ...RESERVATION, status: "cancelled", cancelled_by: by, cancellation_fee_cents: fee },
      });
      const ended = page.text(page.one("reservation-cancelled-by"));
      expect(ended, by).toContain(said[by][language]);
      if (fee > 0) expect(ended).toContain(language === "es" ? "US$100.00" : "$100.00");
      else expect(ended, by).not.toMatch(/Cargo|fee/);
      expect(page.byTestId("cancel-open")).toHaveLength(0);
    }
  });

  // A walk's finding: cancelled after paying by transfer, the page said what was paid and nothing of
  // what the operator still owes back.
  it("the customer's page of a cancelled booking paid by transfer says what is still to be refunded", () => {
    const settings = {
      ...DEFAULT_PAYMENT_SETTINGS,
      prepay: "full" as const,
      channel: "transfer" as const,
      transfer: {
        ...DEFAULT_PAYMENT_SETTINGS.transfer,
        bank: "Banco Popular",
        holder: "Caribe Autos",
        account: "812-345",
      },
    };
    const plan = paymentPlanFor(settings, 159_30, 0);
    if (!plan) throw new Error("a transfer prepayment has a plan");
    const paid = (refunded: number) =>
      summarizePayments(
        plan,
        159_30,
        null,
        [
          { kind: "transfer", status: "succeeded", amountCents: 159_30 },
          ...(refunded > 0 ? [{ kind: "refund" as const, status: "succeeded" as const, amountCents: refunded }] : []),
        ] as LedgerMovement[],
        true,
      );
    const page = (refunded: number) =>
      render({
        language,
        page: { kind: "reservation" },
        query: { t: "secret-token" },
        reservation: {
          ...RESERVATION,
          status: "cancelled",
          cancelled_by: "owner",
          cancellation_fee_cents: 100_00,
          payment: paid(refunded),
        },
      });
    const owed = page(0);
    expect(owed.text(owed.one("payment-refund-owed"))).toBe(
      language === "es" ? "Por reembolsarUS$59.30" : "To be refunded$59.30",
    );
    // Once the operator records it, it reads as refunded, with nothing more owed.
    const given = page(59_30);
    expect(given.byTestId("payment-refund-owed")).toHaveLength(0);
    expect(given.text(given.one("payment-given-back"))).toContain(language === "es" ? "US$59.30" : "$59.30");
  });

  // A helper's finding: the customer's page said "At pickup: $111.00" while the car was out, and after its return.
  it("the customer's page of a booking picked up says what was paid, and nothing is due 'at pickup'", () => {
    const plan = paymentPlanFor({ ...DEFAULT_PAYMENT_SETTINGS, prepay: "percent", prepayPercent: 30 }, 159_30, 0);
    if (!plan) throw new Error("a prepayment has a plan");
    const payment = summarizePayments(plan, 159_30, null, [
      { kind: "charge", status: "succeeded", amountCents: 47_79 },
    ] as LedgerMovement[]);
    const page = (status: (typeof RESERVATION)["status"]) =>
      render({
        language,
        page: { kind: "reservation" },
        query: { t: "secret-token" },
        reservation: { ...RESERVATION, status, payment },
      });
    expect(page("confirmed").byTestId("payment-pickup")).toHaveLength(1);
    for (const status of ["on_rent", "returned", "completed"] as const) {
      const picked = page(status);
      expect(picked.byTestId("payment-pickup"), status).toHaveLength(0);
      expect(picked.text(picked.one("payment-paid"))).toContain(language === "es" ? "US$47.79" : "$47.79");
    }
  });

  // The traveller's walk: "Cambiar tu viaje" opened the list folded, and its search lost the vehicle and extras.
  it("review's 'Cambiar tu viaje': the list's search open, sending the new trip back to the review with the choices", () => {
    const chosen = { ...SAMPLE_SEARCH, vehicle: "11", addons: "21:1" };
    const review = render({ language, page: { kind: "review" }, query: chosen });
    const href = review.attr(review.one("review-edit-trip"), "href") ?? "";
    expect(href).toMatch(/^\/caribe-autos\/vehicle\?.*&vehicle=11&addons=21%3A1.*#search$/);

    const list = render({ language, page: { kind: "vehicles" }, query: chosen });
    expect(list.attr(list.one("list-search"), "open")).toBe("");
    const form = list.one("search-form");
    expect(list.attr(form, "action")).toBe("/caribe-autos/review");
    const hidden = Object.fromEntries(
      list.all
        .filter((element) => list.attr(element, "type") === "hidden")
        .map((element) => [list.attr(element, "name"), list.attr(element, "value")]),
    );
    expect(hidden).toMatchObject({ vehicle: "11", addons: "21:1" });

    // A plain search (no vehicle chosen yet) stays on the list, folded.
    const plain = render({ language, page: { kind: "vehicles" }, query: SAMPLE_SEARCH });
    expect(plain.attr(plain.one("search-form"), "action")).toBe("/caribe-autos/vehicle");
    expect(plain.attr(plain.one("list-search"), "open")).toBeUndefined();
  });

  // The traveller's walk: a landing taking 30 % by bank transfer read "Nada se cobra en línea".
  it("review and FAQ: the policy says what happens to the money the landing's settings take when booking", () => {
    const policyOf = (payment: Partial<PublicPageData["landing"]["payment"]>, kind: "review" | "faq") => {
      const landing = { ...SAMPLE_LANDING, payment: { ...SAMPLE_LANDING.payment, ...payment } };
      const query = kind === "review" ? { ...SAMPLE_SEARCH, vehicle: "11", addons: "21:1" } : {};
      const page = render({ language, landing, page: { kind }, query });
      return page.text(page.one("cancellation-policy"));
    };
    const transfer = { prepay: "percent", prepay_percent: 30, channel: "transfer" } as const;
    // 30 % of the review's US$201.78.
    expect(policyOf(transfer, "review")).toContain(
      language === "es"
        ? "Al reservar transfieres US$60.53: si cancelas, Caribe Autos & Co te devuelve por transferencia"
        : "When booking you transfer $60.53: if you cancel, Caribe Autos & Co sends back by transfer",
    );
    expect(policyOf(transfer, "faq")).toContain(
      language === "es" ? "transfieres el 30 % del total" : "transfer 30 % of the total",
    );
    const card = { prepay: "full", channel: "card" } as const;
    const atPickup = { prepay: "none" } as const;
    for (const kind of ["review", "faq"] as const) {
      expect(policyOf(transfer, kind)).not.toMatch(
        language === "es" ? /Nada se cobra en línea/ : /Nothing is charged online/,
      );
      expect(policyOf(card, kind)).toContain(language === "es" ? "vuelve a tu tarjeta" : "comes back to your card");
      expect(policyOf(atPickup, kind)).toContain(
        language === "es"
          ? "Nada se cobra en línea: pagas en la recogida"
          : "Nothing is charged online: you pay at pickup",
      );
    }
    // Beside the button, before the quote says how much: no promise that nothing is charged.
    const noteOf = (payment: Partial<PublicPageData["landing"]["payment"]>) => {
      const landing = { ...SAMPLE_LANDING, payment: { ...SAMPLE_LANDING.payment, ...payment } };
      const page = render({ language, landing, page: { kind: "review" }, query: { ...SAMPLE_SEARCH, vehicle: "11" } });
      return page.text(page.one("payment-note"));
    };
    const byEmail = language === "es" ? "Recibirás la reserva por correo." : "You will get your booking by email.";
    expect(noteOf(transfer)).toBe(byEmail);
    expect(noteOf(card)).toBe(byEmail);
    // Pay at pickup: nothing online, and how at pickup, as the owner's Pagos tab set it.
    expect(noteOf(atPickup)).toBe(
      language === "es"
        ? "Pagas todo en la recogida (efectivo, tarjeta). Recibirás la reserva por correo."
        : "You pay it all at pickup (cash, card). You will get your booking by email.",
    );
  });

  it("FAQ: questions and the policy", () => {
    const page = render({ language, page: { kind: "faq" } });
    expect(page.tag("details").length).toBeGreaterThanOrEqual(5);
    expect(page.text(page.one("faq"))).toContain("ITBIS (18");
    // No age rule: a licence is still needed, so not "no minimum age" (a walk's finding).
    expect(page.text(page.one("faq"))).toContain(
      language === "es"
        ? "No pedimos otra edad mínima que la de tener una licencia de conducir vigente, ni cobramos cargos por edad."
        : "No minimum age beyond holding a valid driving licence, and no fee for the driver's age.",
    );
  });

  // A walk's finding: the FAQ's links dropped the booking in progress, and its button started over.
  it("FAQ: opened from a step of a booking, it leads back to that step with everything chosen", () => {
    const booking = { ...SAMPLE_SEARCH, vehicle: "12", addons: "1:2", lang: language };
    const faqLinks = (page: ReturnType<typeof render>) =>
      page.tag("a").filter((link) => page.attr(link, "href")?.startsWith("/caribe-autos/faq"));
    const review = render({ language, page: { kind: "review" }, query: booking });
    const carried = `/caribe-autos/faq?pickup=Santiago&from=2027-03-02&fromTime=10%3A00&to=2027-03-05&toTime=10%3A00&seats=2&vehicle=12&addons=1%3A2&lang=${language}&step=review`;
    // The header's and the footer's.
    expect(faqLinks(review).map((link) => review.attr(link, "href"))).toEqual([carried, carried]);
    // The vehicle's page names its vehicle, which its address carries in its path.
    const vehicle = render({ language, page: { kind: "vehicle", vehicleId: 12 }, query: SAMPLE_SEARCH });
    expect(vehicle.attr(faqLinks(vehicle)[0], "href")).toContain("seats=2&vehicle=12&step=vehicle");

    const resume = { es: "Seguir con mi reserva", en: "Continue my booking" }[language];
    const button = (query: Record<string, string>) => {
      const faq = render({ language, page: { kind: "faq" }, query });
      const link = faq.tag("a").find((element) => [resume, words.cta].includes(faq.text(element)));
      return { text: faq.text(link), href: faq.attr(link, "href") };
    };
    const back = carried.replace("/faq?", "/review?").replace("&step=review", "");
    expect(button({ ...booking, step: "review" })).toEqual({ text: resume, href: back });
    expect(button({ ...booking, step: "vehicle" }).href).toBe(back.replace("/review?", "/vehicles/12?"));
    // A vehicle this landing no longer offers, or the list itself: the list, with the trip.
    const list = `/caribe-autos/vehicle?pickup=Santiago&from=2027-03-02&fromTime=10%3A00&to=2027-03-05&toTime=10%3A00&seats=2&lang=${language}`;
    expect(button({ ...booking, vehicle: "999", step: "additions" }).href).toBe(list);
    expect(button({ ...booking, step: "vehicles" }).href).toBe(list);
    // From the list, its filters go to the FAQ and come back with the trip (a walk's finding).
    const filtered = render({
      language,
      page: { kind: "vehicles" },
      query: { ...booking, type: "SUV", maxPrice: "90" },
    });
    const toFaq = `/caribe-autos/faq?pickup=Santiago&from=2027-03-02&fromTime=10%3A00&to=2027-03-05&toTime=10%3A00&seats=2&vehicle=12&addons=1%3A2&lang=${language}&type=SUV&maxPrice=90&step=vehicles`;
    expect(filtered.attr(faqLinks(filtered)[0], "href")).toBe(toFaq);
    expect(button({ ...booking, type: "SUV", maxPrice: "90", step: "vehicles" }).href).toBe(
      `${list}&type=SUV&maxPrice=90`,
    );
    // A vehicle's page holds those its card link brought (its "back to the list" keeps them): they go
    // to the FAQ and come back to that vehicle's page.
    const filteredVehicle = render({
      language,
      page: { kind: "vehicle", vehicleId: 12 },
      query: { ...SAMPLE_SEARCH, lang: language, type: "SUV", maxPrice: "90" },
    });
    expect(filteredVehicle.attr(faqLinks(filteredVehicle)[0], "href")).toContain(
      `seats=2&vehicle=12&lang=${language}&type=SUV&maxPrice=90&step=vehicle`,
    );
    expect(button({ ...booking, addons: "", type: "SUV", maxPrice: "90", step: "vehicle" }).href).toBe(
      `${list.replace("/vehicle?", "/vehicles/12?").replace("&lang", "&vehicle=12&lang")}&type=SUV&maxPrice=90`,
    );
    // From another step they are not the FAQ's to carry.
    const reviewFiltered = render({ language, page: { kind: "review" }, query: { ...booking, type: "SUV" } });
    expect(reviewFiltered.attr(faqLinks(reviewFiltered)[0], "href")).toBe(carried);
    // Opened from anywhere else (or with a step nobody sends): a search, as before.
    expect(button({ lang: language })).toEqual({ text: words.cta, href: `/caribe-autos?lang=${language}` });
    expect(button({ ...booking, step: "thanks" }).text).toBe(words.cta);
  });
});

describe("titles and descriptions", () => {
  it("use the owner's meta title on the home page and page names elsewhere, ending in | Nelly", () => {
    expect(pageTitle(samplePage())).toBe("Caribe Autos | Alquiler de vehículos");
    expect(pageTitle(samplePage({ page: { kind: "faq" }, language: "en" }))).toBe("FAQ · Caribe Autos & Co | Nelly");
    expect(pageTitle(samplePage({ page: { kind: "vehicle", vehicleId: 12 } }))).toBe(
      "Hyundai Tucson 2024 · Caribe Autos & Co | Nelly",
    );
    expect(pageDescription(samplePage())).toBe("Reserva sedanes y SUVs en Santiago.");
    expect(pageDescription(samplePage({ page: { kind: "vehicle", vehicleId: 12 }, language: "en" }))).toBe(
      "Hyundai Tucson 2024 from $75.00 per day with Caribe Autos & Co. Book in minutes.",
    );
  });

  it("say what is missing on a step reached without its choices, as the page's heading does", () => {
    const title = (page: "additions" | "review", query: Record<string, string>, language: "es" | "en" = "en") =>
      pageTitle(samplePage({ page: { kind: page }, query, language }));
    const chosen = { ...SAMPLE_SEARCH, vehicle: "12" };
    expect(title("review", chosen)).toBe("Review and book · Caribe Autos & Co | Nelly");
    // Dates already past (a link kept in a tab): the page asks for valid dates, and so does its title.
    const past = { ...chosen, from: "2027-02-20", to: "2027-02-23" };
    expect(title("review", past)).toBe("Choose a valid place and dates first · Caribe Autos & Co | Nelly");
    expect(title("additions", past, "es")).toBe("Primero elige lugar y fechas válidos · Caribe Autos & Co | Nelly");
    expect(title("review", SAMPLE_SEARCH)).toBe("Choose a vehicle first · Caribe Autos & Co | Nelly");
    expect(title("review", { ...SAMPLE_SEARCH, vehicle: "999" })).toMatch(/^This vehicle is no longer offered/);
  });

  it("links stay inside the owner's preview", () => {
    const page = render({ basePath: "/review-component/caribe-autos/site", preview: true });
    const hrefs = page.tag("a").map((a) => page.attr(a, "href") ?? "");
    expect(hrefs.filter((href) => href.startsWith("/caribe-autos"))).toEqual([]);
    expect(hrefs).toContain("/review-component/caribe-autos/site/vehicle");
  });
});
