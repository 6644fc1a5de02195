import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/app";
import { startDnsStandIn } from "../test/dns-stand-in";
import { bearer, bookingPayload, createBookableLanding, createLandingFor, type Owner, signUp } from "../test/factories";
import { parseHtml } from "../test/html";

// Issue 10's custom domains: an owner attaches their own domain to a landing, and requests whose
// Host is that domain get the landing at `/` with every address on that domain. Real pages
// (web/public/render.tsx), real database, Host headers as a TLS proxy forwards them.

const PLATFORM = "https://nelly.example.com";
// The owners' DNS: a domain's verification asks it for the claim's TXT record.
const dns = await startDnsStandIn();
const { app, clock } = await createTestApp({ PUBLIC_BASE_URL: PLATFORM, DNS_SERVERS: dns.server });

const setDomain = (owner: Owner, landingId: number, customDomain: unknown, language = "es") =>
  app.inject({
    method: "PUT",
    url: `/api/landings/${owner.id}/${landingId}/domain`,
    payload: { custom_domain: customDomain },
    headers: { ...bearer(owner), "accept-language": language },
  });

const onHost = (host: string, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url, headers: { host, "accept-language": "es", ...headers } });

async function page(host: string, url: string) {
  const response = await onHost(host, url);
  expect(response.statusCode, `${host}${url}`).toBe(200);
  return parseHtml(response.body);
}

const verify = (owner: Owner, landingId: number, language = "es") =>
  app.inject({
    method: "POST",
    url: `/api/landings/${owner.id}/${landingId}/domain/verify`,
    headers: { ...bearer(owner), "accept-language": language },
  });

const storedLanding = async (owner: Owner, landingId: number) =>
  (await app.inject({ method: "GET", url: `/api/landings/${owner.id}/${landingId}`, headers: bearer(owner) })).json();
const storedDomain = async (owner: Owner, landingId: number) => (await storedLanding(owner, landingId)).custom_domain;

/** The owner creates the TXT record their landing's claim asks for, in the domain's DNS. */
async function publishRecord(owner: Owner, landingId: number) {
  const { custom_domain_record: record } = await storedLanding(owner, landingId);
  expect(record, "a claim's record").not.toBeNull();
  dns.setTxt(record.name, record.value);
  return record as { name: string; value: string };
}

/** `domain` claimed for the landing and verified through its DNS record. */
async function attachVerified(owner: Owner, landingId: number, domain: string) {
  const saved = await setDomain(owner, landingId, domain);
  expect(saved.statusCode, saved.body).toBe(200);
  await publishRecord(owner, landingId);
  const verified = await verify(owner, landingId);
  expect(verified.statusCode, verified.body).toBe(200);
}

/** A published landing with a vehicle, two places and `domain` attached and verified. */
async function siteOn(domain: string) {
  const owner = await signUp(app);
  const landing = await createBookableLanding(app, owner, { name: "Toyota Corolla" });
  await attachVerified(owner, landing.id, domain);
  return { owner, landing };
}

const hrefsOf = (html: ReturnType<typeof parseHtml>) =>
  html
    .elements("a")
    .map((anchor) => html.attribute(anchor, "href") ?? "")
    .filter((href) => href.startsWith("/"));

describe("a landing on its own domain", () => {
  it("serves the home at / with canonical, Open Graph, data and every link on that domain", async () => {
    const { landing } = await siteOn("reservas.flotasol.com");
    // The Host as a browser may send it: capitals, a port (the proxy's), a trailing dot.
    const html = await page("Reservas.FlotaSol.com.:443", "/");
    expect(html.link("canonical")).toEqual(["https://reservas.flotasol.com/"]);
    expect(html.meta("og:url")).toBe("https://reservas.flotasol.com/");
    expect(html.meta("og:image")).toMatch(/^https:\/\/reservas\.flotasol\.com\/storage\/.+\.webp$/);
    const data = JSON.parse(html.text(html.byId("nelly-data")));
    expect(data).toMatchObject({ page: { kind: "home" }, basePath: "", siteUrl: "https://reservas.flotasol.com" });
    const links = hrefsOf(html);
    expect(links).toContain("/vehicle");
    expect(links.filter((href) => href.startsWith(`/${landing.name}`))).toEqual([]);
    expect(html.text(html.elements("main")[0])).toContain("Toyota Corolla");
  });

  it("serves every step, the vehicle page and the FAQ without the slug, and 404 for anything else", async () => {
    const { landing } = await siteOn("autos.caribe-rent.do");
    const host = "autos.caribe-rent.do";
    const vehicle = await page(host, `/vehicles/${landing.vehicle.id}`);
    expect(vehicle.link("canonical")).toEqual([`https://${host}/vehicles/${landing.vehicle.id}`]);
    expect(vehicle.text(vehicle.elements("h1")[0])).toContain("Toyota Corolla");
    expect(hrefsOf(vehicle).filter((href) => href.startsWith(`/${landing.name}`))).toEqual([]);
    // The brand's link goes home: "/" on the domain (an empty href would stay on this page).
    const brand = vehicle.elements("a").find((anchor) => vehicle.attribute(anchor, "data-testid") === "public-brand");
    expect(vehicle.attribute(brand, "href")).toBe("/");
    for (const url of ["/vehicle", "/additions", "/review", "/faq"]) {
      expect((await page(host, url)).link("canonical"), url).toEqual([`https://${host}${url}`]);
    }
    // The thank-you page of no booking is the landing's own page saying so, not found.
    const noBooking = await onHost(host, "/thanks-you");
    expect(noBooking.statusCode).toBe(404);
    expect(parseHtml(noBooking.body).link("canonical")).toEqual([`https://${host}/thanks-you`]);
    // The platform's paths for this landing, the dashboard and malformed pages are not this site's.
    for (const url of [
      `/${landing.name}`,
      `/${landing.name}/vehicle`,
      "/landings",
      "/user-config",
      `/review-component/${landing.name}/site`,
      "/vehicles/abc",
      "/vehicles/999999",
      "/reservation/nope",
    ]) {
      const response = await onHost(host, url);
      expect(response.statusCode, url).toBe(404);
      // On its own domain every page is the landing's: its 404, leading to its home.
      const notFound = parseHtml(response.body);
      expect(notFound.title(), url).toMatch(/^Página no encontrada · .+ \| Nelly$/);
      expect(
        notFound.elements("a").map((link) => notFound.attribute(link, "href")),
        url,
      ).toEqual(["/"]);
    }
    expect((await app.inject({ method: "HEAD", url: "/", headers: { host } })).statusCode).toBe(200);
  });

  it("answers robots.txt and a sitemap with that domain's addresses only", async () => {
    const { landing } = await siteOn("www.sol-rentals.com");
    const robots = await onHost("www.sol-rentals.com", "/robots.txt");
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe("User-agent: *\nDisallow: /api/\n\nSitemap: https://www.sol-rentals.com/sitemap.xml\n");
    const sitemap = await onHost("www.sol-rentals.com", "/sitemap.xml");
    expect(sitemap.headers["content-type"]).toBe("application/xml; charset=utf-8");
    const locs = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual([
      "https://www.sol-rentals.com/",
      "https://www.sol-rentals.com/vehicle",
      `https://www.sol-rentals.com/vehicles/${landing.vehicle.id}`,
      "https://www.sol-rentals.com/faq",
    ]);
  });

  it("keeps the API and uploads working on that host: a visitor quotes, books and sees the booking", async () => {
    const { landing } = await siteOn("book.playa-cars.com");
    const host = "book.playa-cars.com";
    const publicLanding = await onHost(host, `/api/publicLanding/${landing.name}`);
    expect(publicLanding.statusCode).toBe(200);
    expect(publicLanding.json().name).toBe(landing.name);
    const home = await page(host, "/");
    const image = new URL(home.meta("og:image") ?? "").pathname;
    expect((await onHost(host, image)).statusCode).toBe(200);
    const payload = bookingPayload(landing, clock.now());
    const quote = await onHost(
      host,
      `/api/publicLanding/${landing.name}/quote?vehicle=${landing.vehicle.id}&from=${payload.date_of_departure}T10:00&to=${payload.date_of_arrival}T10:00`,
    );
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ days: 3, available: true });
    const booked = await app.inject({ method: "POST", url: "/api/reservations", payload, headers: { host } });
    expect(booked.statusCode, booked.body).toBe(201);
    const { reference, customer_token: token } = booked.json();
    const mine = await onHost(host, `/reservation/${reference}?t=${token}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["cache-control"]).toBe("private, no-store");
    const html = parseHtml(mine.body);
    expect(html.link("canonical")).toEqual([`https://${host}/reservation/${reference}`]);
    expect(html.meta("robots")).toBe("noindex, nofollow");
    expect(html.text(html.elements("main")[0])).toContain(reference);
    // Its reference in small letters leads to the same page, on the same domain.
    const lower = await onHost(host, `/reservation/${reference.toLowerCase()}?t=${token}`);
    expect(lower.statusCode).toBe(302);
    expect(lower.headers.location).toBe(`/reservation/${reference}?t=${token}`);
  });

  it("never shows another owner's landing, vehicle or booking on a domain", async () => {
    const { landing: mine } = await siteOn("alquiler.owner-a.com");
    const other = await signUp(app);
    const theirs = await createBookableLanding(app, other, { name: "Jeep de B" });
    const booked = (
      await app.inject({ method: "POST", url: "/api/reservations", payload: bookingPayload(theirs, clock.now()) })
    ).json();
    for (const url of [
      `/${theirs.name}`,
      `/${theirs.name}/vehicle`,
      `/vehicles/${theirs.vehicle.id}`,
      `/reservation/${booked.reference}?t=${booked.customer_token}`,
      `/thanks-you?ref=${booked.reference}&t=${booked.customer_token}`,
    ]) {
      const response = await onHost("alquiler.owner-a.com", url);
      expect(response.body, url).not.toContain("Jeep de B");
      if (response.statusCode === 404) continue;
      // Only the thank-you page answers (it thanks even a visitor whose link is wrong), with no booking.
      expect(url).toMatch(/^\/thanks-you/);
      const data = JSON.parse(parseHtml(response.body).text(parseHtml(response.body).byId("nelly-data")));
      expect(data.landing.id).toBe(mine.id);
      expect(data.reservation).toBeNull();
    }
    const list = await page("alquiler.owner-a.com", "/vehicle");
    expect(JSON.parse(list.text(list.byId("nelly-data"))).landing.id).toBe(mine.id);
  });

  it("serves the platform, as before, for a host nobody claimed", async () => {
    const { landing } = await siteOn("rent.claimed-domain.com");
    const unknown = "unclaimed.example.org";
    // `/` is the dashboard's (not built in tests: 503), never a landing.
    const root = await onHost(unknown, "/");
    expect(root.statusCode).toBe(503);
    expect(root.body).toContain("dashboard");
    const platformPage = await page(unknown, `/${landing.name}`);
    expect(platformPage.link("canonical")).toEqual([`${PLATFORM}/${landing.name}`]);
    expect(JSON.parse(platformPage.text(platformPage.byId("nelly-data"))).basePath).toBe(`/${landing.name}`);
    expect((await onHost(unknown, "/vehicle")).statusCode).toBe(404);
    expect((await onHost(unknown, "/robots.txt")).body).toContain(`Sitemap: ${PLATFORM}/${landing.name}/sitemap.xml`);
    // The platform's own host and an address without a name: the platform too.
    expect((await onHost("nelly.example.com", "/")).statusCode).toBe(503);
    expect((await onHost("10.0.0.7:3000", `/${landing.name}`)).statusCode).toBe(200);
  });

  it("answers 404 on the domain of a draft or a trashed landing, and follows a change of domain at once", async () => {
    const owner = await signUp(app);
    const draft = await createLandingFor(app, owner);
    await attachVerified(owner, draft.id, "draft.owner-c.com");
    for (const url of ["/", "/vehicle", "/robots.txt", "/sitemap.xml"]) {
      expect((await onHost("draft.owner-c.com", url)).statusCode, url).toBe(404);
    }
    const { owner: other, landing } = await siteOn("first.owner-d.com");
    // Cached under the first domain; the new domain must get its own addresses, the old one nothing.
    expect((await page("first.owner-d.com", "/")).link("canonical")).toEqual(["https://first.owner-d.com/"]);
    await attachVerified(other, landing.id, "second.owner-d.com");
    expect((await page("second.owner-d.com", "/")).link("canonical")).toEqual(["https://second.owner-d.com/"]);
    expect((await onHost("first.owner-d.com", "/")).statusCode).toBe(503);
    await app.inject({ method: "DELETE", url: `/api/landing/${landing.id}`, headers: bearer(other) });
    expect((await onHost("second.owner-d.com", "/")).statusCode).toBe(404);
    expect((await onHost("second.owner-d.com", "/api/health")).statusCode).not.toBe(404);
  });
});

describe("PUT /api/landings/:userId/:landingId/domain", () => {
  it("stores the domain lowercase and answers the landing; an empty value detaches it", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const saved = await setDomain(owner, landing.id, "  Reservas.Owner-E.com. ");
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: "Dominio propio guardado.",
      landing: { id: landing.id, custom_domain: "reservas.owner-e.com" },
    });
    expect(await storedDomain(owner, landing.id)).toBe("reservas.owner-e.com");
    // Saving the same domain again is not "taken" by the landing itself.
    expect((await setDomain(owner, landing.id, "reservas.owner-e.com", "en")).json().message).toBe(
      "Custom domain saved.",
    );
    const cleared = await setDomain(owner, landing.id, "");
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().landing.custom_domain).toBeNull();
    expect(await storedDomain(owner, landing.id)).toBeNull();
  });

  it("refuses what is not a domain, the platform's host, localhost and IPs, in es and en", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const cases: [unknown, string, string][] = [
      [
        "https://reservas.owner-f.com/",
        "es",
        "Escribe solo el dominio, como reservas.tuempresa.com: sin https://, rutas, puertos ni espacios.",
      ],
      [
        "reservas.owner-f.com:8080",
        "en",
        "Enter only the domain, such as bookings.yourcompany.com: no https://, paths, ports or spaces.",
      ],
      [
        "reservas",
        "es",
        "Escribe solo el dominio, como reservas.tuempresa.com: sin https://, rutas, puertos ni espacios.",
      ],
      [
        "flotasól.com",
        "en",
        "Enter the domain with unaccented letters, digits and hyphens (a domain with accents in its xn-- form).",
      ],
      [
        "nelly.example.com",
        "es",
        "Este dominio no se puede usar: escribe un dominio de tu empresa, como reservas.tuempresa.com.",
      ],
      [
        "owner-f.nelly.example.com",
        "en",
        "This domain cannot be used: enter a domain of your business, such as bookings.yourcompany.com.",
      ],
      [
        "127.0.0.1",
        "en",
        "This domain cannot be used: enter a domain of your business, such as bookings.yourcompany.com.",
      ],
      [42, "es", "Escribe solo el dominio, como reservas.tuempresa.com: sin https://, rutas, puertos ni espacios."],
    ];
    for (const [typed, language, message] of cases) {
      const response = await setDomain(owner, landing.id, typed, language);
      expect(response.statusCode, String(typed)).toBe(422);
      expect(response.json().errors.custom_domain, String(typed)).toEqual([message]);
    }
    expect(await storedDomain(owner, landing.id)).toBeNull();
  });

  it("keeps a verified domain to one landing on the whole platform, also when two verifications race", async () => {
    const { owner } = await siteOn("taken.owner-g.com");
    const second = await createLandingFor(app, owner);
    const stranger = await signUp(app);
    const theirs = await createLandingFor(app, stranger);
    for (const [who, id] of [
      [owner, second.id],
      [stranger, theirs.id],
    ] as const) {
      const response = await setDomain(who, id, "TAKEN.owner-g.com", "en");
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.custom_domain).toEqual(["This domain is already connected to another landing."]);
      expect(await storedDomain(who, id)).toBeNull();
    }
    // Two claims of one name are both taken; with both records in its DNS, one verification wins.
    expect((await setDomain(owner, second.id, "race.owner-g.com")).statusCode).toBe(200);
    expect((await setDomain(stranger, theirs.id, "race.owner-g.com")).statusCode).toBe(200);
    const records = [await storedLanding(owner, second.id), await storedLanding(stranger, theirs.id)].map(
      (landing) => landing.custom_domain_record.value,
    );
    dns.setTxt("_nelly.race.owner-g.com", ...records);
    const racers = await Promise.all([verify(owner, second.id), verify(stranger, theirs.id)]);
    expect(racers.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect(racers.find((response) => response.statusCode === 409)?.json().message).toBe(
      "Este dominio ya está conectado a otra landing.",
    );
    const verified = [await storedLanding(owner, second.id), await storedLanding(stranger, theirs.id)].map(
      (landing) => landing.custom_domain_verified,
    );
    expect(verified.sort()).toEqual([false, true]);
  });

  it("serves nothing for a claim until its TXT record is found: a stranger typing an owner's domain first locks no one out", async () => {
    const stranger = await signUp(app);
    const theirs = await createBookableLanding(app, stranger, { name: "Jeep del intruso" });
    const owner = await signUp(app);
    const mine = await createBookableLanding(app, owner, { name: "Toyota Corolla" });
    const host = "reservas.victim-j.com";
    // The stranger claims it first: stored, not verified, served by nobody, no certificate.
    const claimed = await setDomain(stranger, theirs.id, host);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().landing).toMatchObject({
      custom_domain: host,
      custom_domain_verified: false,
      custom_domain_record: { name: `_nelly.${host}`, value: expect.stringMatching(/^nelly-verify=[0-9a-f]{32}$/) },
    });
    const check = () => app.inject({ method: "GET", url: `/api/custom-domain-check?domain=${host}` });
    expect((await check()).statusCode).toBe(404);
    expect((await onHost(host, "/")).statusCode).toBe(503); // the platform's dashboard, not built in tests
    expect((await onHost(host, "/vehicle")).statusCode).toBe(404);
    // Without the record in the domain's DNS, verifying says which record to create, in es and en.
    const { name, value } = claimed.json().landing.custom_domain_record;
    const missing = await verify(stranger, theirs.id);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.custom_domain).toEqual([
      `Aún no encontramos el registro TXT ${name} con el valor ${value}. Si acabas de crearlo, puede tardar unos minutos (a veces horas) en verse: vuelve a intentarlo más tarde.`,
    ]);
    expect((await verify(stranger, theirs.id, "en")).json().errors.custom_domain[0]).toMatch(
      /^We cannot find the TXT record _nelly\.reservas\.victim-j\.com with the value nelly-verify=/,
    );
    // The domain's owner claims it too, with a record of their own, and verifies it.
    expect((await setDomain(owner, mine.id, host)).statusCode).toBe(200);
    const record = await publishRecord(owner, mine.id);
    expect(record.value).not.toBe(value);
    const verified = await verify(owner, mine.id);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({
      message: `Dominio verificado: tu sitio ya responde en ${host}.`,
      landing: { custom_domain: host, custom_domain_verified: true, custom_domain_record: null },
    });
    expect((await check()).statusCode).toBe(200);
    expect(
      parseHtml((await onHost(host, "/")).body).text(parseHtml((await onHost(host, "/")).body).elements("main")[0]),
    ).toContain("Toyota Corolla");
    // The stranger's claim stays a claim, and is told the domain is another landing's (a walk's
    // finding: it was told to wait for its record, which nothing could make count).
    const lost = await verify(stranger, theirs.id);
    expect(lost.statusCode).toBe(409);
    expect(lost.json().message).toBe("Este dominio ya está conectado a otra landing.");
    expect((await storedLanding(stranger, theirs.id)).custom_domain_verified).toBe(false);
    // Verified once, it stays so: the record may go, and the same domain saved again keeps it.
    dns.setTxt(record.name);
    expect((await setDomain(owner, mine.id, host)).json().landing.custom_domain_verified).toBe(true);
    expect((await verify(owner, mine.id)).statusCode).toBe(200);
    // Another domain is a new claim, with a new record: the old one serves nothing any more.
    const moved = (await setDomain(owner, mine.id, "www.victim-j.com")).json().landing;
    expect(moved).toMatchObject({
      custom_domain_verified: false,
      custom_domain_record: { name: "_nelly.www.victim-j.com" },
    });
    expect(moved.custom_domain_record.value).not.toBe(record.value);
    expect((await onHost(host, "/vehicle")).statusCode).toBe(404);
  });

  it("says when the domain's DNS cannot be asked, and that there is nothing to verify without a domain", async () => {
    const owner = await signUp(app);
    const landing = await createLandingFor(app, owner);
    const nothing = await verify(owner, landing.id, "en");
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().message).toBe("This landing has no custom domain to verify.");
    expect((await setDomain(owner, landing.id, "down.owner-k.com")).statusCode).toBe(200);
    await publishRecord(owner, landing.id);
    dns.failing = true;
    try {
      const down = await verify(owner, landing.id);
      expect(down.statusCode).toBe(503);
      expect(down.json().message).toBe(
        "No pudimos consultar el DNS de tu dominio ahora mismo. Inténtalo de nuevo en unos minutos.",
      );
      expect((await storedLanding(owner, landing.id)).custom_domain_verified).toBe(false);
    } finally {
      dns.failing = false;
    }
    expect((await verify(owner, landing.id)).statusCode).toBe(200);
  });

  it("tells the TLS proxy which domains may get a certificate: attached ones, not trashed", async () => {
    const { owner, landing } = await siteOn("cert.owner-i.com");
    const check = (domain: string) =>
      app.inject({ method: "GET", url: `/api/custom-domain-check?domain=${encodeURIComponent(domain)}` });
    const known = await check("Cert.Owner-I.com");
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ domain: "cert.owner-i.com" });
    for (const domain of ["other.owner-i.com", "", "nelly.example.com"]) {
      expect((await check(domain)).statusCode, domain).toBe(404);
    }
    await app.inject({ method: "DELETE", url: `/api/landing/${landing.id}`, headers: bearer(owner) });
    expect((await check("cert.owner-i.com")).statusCode).toBe(404);
  });

  it("is the owner's only: 401 without a session, 403 for another user's id, 404 for another's or a trashed landing", async () => {
    const { owner, landing } = await siteOn("scoped.owner-h.com");
    const stranger = await signUp(app);
    const anonymous = await app.inject({
      method: "PUT",
      url: `/api/landings/${owner.id}/${landing.id}/domain`,
      payload: { custom_domain: "x.owner-h.com" },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await setDomain({ ...stranger, id: owner.id }, landing.id, "x.owner-h.com")).statusCode).toBe(403);
    expect((await setDomain(stranger, landing.id, "x.owner-h.com")).statusCode).toBe(404);
    // Not even "taken" leaks through another owner's landing id.
    expect((await setDomain(stranger, landing.id, "scoped.owner-h.com")).statusCode).toBe(404);
    expect(await storedDomain(owner, landing.id)).toBe("scoped.owner-h.com");
    expect((await verify({ ...stranger, id: owner.id }, landing.id)).statusCode).toBe(403);
    expect((await verify(stranger, landing.id)).statusCode).toBe(404);
    const trashed = await createLandingFor(app, owner);
    await app.inject({ method: "DELETE", url: `/api/landing/${trashed.id}`, headers: bearer(owner) });
    expect((await setDomain(owner, trashed.id, "trash.owner-h.com")).statusCode).toBe(404);
    expect((await onHost("scoped.owner-h.com", "/")).statusCode).toBe(200);
  });
});
