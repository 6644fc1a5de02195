import { apiMessages } from "@domain/messages";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { rowsOf } from "../db/rows";
import { createTestApp } from "../test/app";
import { startDnsStandIn } from "../test/dns-stand-in";
import {
  addLocationFor,
  bearer,
  bookingPayload,
  createBookableLanding,
  createLandingFor,
  createPublishableLanding,
  PASSWORD,
  signIn,
  signUp,
  vehicleFields,
} from "../test/factories";
import { storedFiles } from "../test/stored-files";

/**
 * Issue 13, attack suite item 3: property-based bad input over every route of the server's own
 * route table (public and owner). malformed-input.test.ts sends a fixed list of broken bodies; here
 * fast-check builds, with a fixed seed, bodies from each route's own fields (OpenAPI document and
 * the multipart forms) holding hostile values (wrong types, huge strings, NUL and odd unicode,
 * negative and enormous numbers, impossible dates, SQL and HTML injection, `__proto__` keys), sent
 * as JSON, broken JSON, multipart, broken multipart, urlencoded or plain text, to paths whose ids are
 * the owner's real ones or path-traversal and garbage, with hostile query strings.
 *
 * Every answer is below 500; every 4xx is `{ message }` or `{ message, errors }` (plus `rules`) in
 * the language asked for, word for word a message of the catalogue; and after every 4xx the main
 * tables and the storage folder are exactly what they were before it. Inputs the server accepts are
 * legitimate (an HTML name is a valid name) and only counted.
 */
// The owners' DNS answers, with no record (a domain's verification is then refused, not failed).
const dns = await startDnsStandIn();
const { app, clock, db, storage } = await createTestApp({ DNS_SERVERS: dns.server });

const SEED = 1313;
// The same inputs reach the same SQL on either engine (PGlite is PostgreSQL itself): the full sweep
// runs on PGlite, and a third of it on PostgreSQL, where it checks the engine's own error answers
// (a 50 s sweep run twice would cost `npm test` most of a minute).
const RUNS_PER_ROUTE = process.env.NELLY_TEST_DATABASE === "postgres" ? 20 : 60;

// --- The owner and one of everything the routes take ids of --------------------------------------

const owner = await signUp(app, { name: "Fuzz Owner" });
const landing = await createBookableLanding(app, owner);
const spare = await createPublishableLanding(app, owner);
const trashed = await createLandingFor(app, owner);
await app.inject({ method: "DELETE", url: `/api/landing/${trashed.id}`, headers: bearer(owner) });
const location = await addLocationFor(app, owner, landing.id, "Puerto Plata");
const day = (offset: number) => new Date(clock.now().getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const json = async (response: Promise<LightMyRequestResponse>, status = 200) => {
  const done = await response;
  if (done.statusCode !== status) throw new Error(`${done.statusCode} ${done.body}`);
  return done.json();
};
const feature = (
  await json(
    app.inject({
      method: "POST",
      url: "/api/special-features",
      payload: { name: "Fuzz feature", description: "About" },
      headers: bearer(owner),
    }),
    201,
  )
).feature as { id: number };
await json(
  app.inject({
    method: "POST",
    url: `/api/vehicles/${landing.vehicle.id}/special-features`,
    payload: { special_feature_id: feature.id },
    headers: bearer(owner),
  }),
);
const block = (
  await json(
    app.inject({
      method: "POST",
      url: `/api/vehicles/${landing.id}/${landing.vehicle.id}/blocks`,
      payload: { from: day(200), to: day(201), units: 1 },
      headers: bearer(owner),
    }),
    201,
  )
).block as { id: number };
const reservation = (await json(
  app.inject({ method: "POST", url: "/api/reservations", payload: bookingPayload(landing, clock.now()) }),
  201,
)) as { id: number; reference: string };
const feedFile = String(
  (await json(app.inject({ method: "GET", url: `/api/landings/${landing.id}/calendar`, headers: bearer(owner) }))).url,
)
  .split("/")
  .pop();

/** The owner's real id for a path parameter of `route`. */
function realId(route: string, param: string): string {
  const byName: Record<string, unknown> = {
    userId: owner.id,
    landingId: landing.id,
    vehicleId: landing.vehicle.id,
    imageId: landing.vehicle.images[0]?.id,
    blockId: block.id,
    featureId: feature.id,
    locationId: location.id,
    name: landing.name,
    idvehicle: landing.vehicle.id,
    reference: reservation.reference,
    file: feedFile,
  };
  if (param !== "id") return String(byName[param]);
  if (route.startsWith("/api/users")) return String(owner.id);
  if (route.startsWith("/api/landing/restore") || route.startsWith("/api/landing/deletedFinal"))
    return String(trashed.id);
  if (route.startsWith("/api/landing/")) return String(spare.id);
  if (route.startsWith("/api/special-features")) return String(feature.id);
  if (route.includes("reservations")) return String(reservation.id);
  return String(landing.vehicle.id);
}

// --- What each route reads ------------------------------------------------------------------------

const doc = (await app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};
const operationOf = (method: string, url: string) => doc.paths[url.replace(/:(\w+)/g, "{$1}")]?.[method.toLowerCase()];

/** The text fields (and file fields) of the routes that read a multipart form. */
const FORMS: Record<string, { fields: string[]; files: string[] }> = {
  "POST /api/users-update/:id": { fields: ["name", "email", "phone"], files: ["avatar"] },
  "POST /api/landing": {
    fields: ["id_users_landing", "name", "color_primary", "color_secondary", "default_language"],
    files: ["logo"],
  },
  "POST /api/landing-update/:userId/:landingId": {
    fields: ["version", "name", "color_primary", "color_secondary", "default_language", "addons"],
    files: ["logo"],
  },
  "POST /api/landings/:userId/:landingId/meta": {
    fields: ["version", "meta_title", "meta_description", "og_description"],
    files: ["favicon", "og_image"],
  },
  "POST /api/vehicle": { fields: ["id_landing", ...Object.keys(vehicleFields())], files: ["images[0]", "images[]"] },
  "PUT /api/vehicles/:landingId/:id": { fields: ["version", ...Object.keys(vehicleFields())], files: [] },
  "POST /api/vehicles/:landingId/:id/images": { fields: [], files: ["images[0]", "images[1]"] },
};

const WEEK = Array.from({ length: 7 }, () => ({ open: "08:00", close: "18:00" }));
/** A valid value per field name, so some generated inputs are close to (or are) valid ones. */
const VALID: Record<string, unknown> = {
  ...vehicleFields(),
  ...bookingPayload(landing, clock.now(), {}, { start: 40, length: 3 }),
  id_users_landing: owner.id,
  email: "fuzz-nobody@example.com",
  password: PASSWORD,
  password_confirmation: PASSWORD,
  version: 1,
  color_primary: "#1D4ED8",
  color_secondary: "#f59e0b",
  default_language: "es",
  meta_title: "Title",
  meta_description: "Description",
  og_description: "Shared",
  landing_id: spare.id,
  status: "confirmed",
  custom_domain: "fuzz.example.com",
  image_ids: landing.vehicle.images.map((image) => image.id),
  from: day(60),
  to: day(62),
  note: "note",
  special_feature_id: feature.id,
  features: [],
  location_id: location.id,
  one_way_fee: "5",
  place: "Santiago",
  hours: WEEK,
  after_hours_fee: "1",
  closures: [],
  seasons: [],
  deposit: "10",
  min_days: "1",
  contact_phone: "+1 809 555 0101",
};

// --- Hostile values -------------------------------------------------------------------------------

const ATTACK_STRINGS = [
  "",
  " ",
  "2026-02-30",
  "2026-13-01",
  "99999-01-01",
  "0000-00-00",
  "-001-01-01",
  "25:61",
  "24:00",
  "' OR '1'='1",
  "1; DROP TABLE users;--",
  "'; SELECT pg_sleep(5);--",
  "<script>alert(1)</script>",
  '"><svg onload=alert(1)>',
  "<img src=x onerror=alert(1)>",
  "../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "a\u0000b",
  "\u0000",
  "\u202e\u0301\ufeff\u200b",
  "\ud800",
  "🚗".repeat(3000),
  "x".repeat(70_000),
  "-1",
  "1e309",
  "NaN",
  "Infinity",
  "0x10",
  "9007199254740993",
  "null",
  "true",
  "__proto__",
  "constructor",
  "{{max}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection attempt, sent as text
  "${7*7}",
  "%00",
  "javascript:alert(1)",
];
const ATTACK_NUMBERS = [-1, 0, -0.5, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, 1e21, 1e308, -1e308, 99999];

const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...ATTACK_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
);
const hostileNumber = fc.oneof(fc.constantFrom(...ATTACK_NUMBERS), fc.integer(), fc.double({ noNaN: true }));
const hostileLeaf: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant({}),
  fc.constant([]),
);
const hostileValue = fc.oneof(
  { weight: 5, arbitrary: hostileLeaf },
  { weight: 1, arbitrary: fc.array(hostileLeaf, { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.array(hostileString, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("id", "name", "$gt", "quantity"), hostileLeaf) },
);
/** Keys an object-merging bug would turn into prototype pollution, written into the JSON text itself. */
const POLLUTING = [
  '"__proto__":{"isAdmin":true,"status":"confirmed"}',
  '"constructor":{"prototype":{"isAdmin":true}}',
  '"prototype":{"x":1}',
  '"hasOwnProperty":"x"',
  '"toString":1',
];

// --- Requests -------------------------------------------------------------------------------------

const PATH_ATTACKS = [
  "..",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
  "....%2F%2F....%2F%2Fetc",
  "..%5C..%5Cwindows",
  "%00",
  "1%00",
  "%ZZ",
  "-1",
  "0",
  "1.5",
  "1e3",
  "0x10",
  "99999999999999999999",
  "2147483648",
  "%EF%BC%91",
  "%C0%AE%C0%AE%2F",
  "__proto__",
  "constructor",
  "null",
  "NaN",
  "%20",
  "a".repeat(2000),
  encodeURIComponent("' OR '1'='1"),
  encodeURIComponent("<script>alert(1)</script>"),
  encodeURIComponent("ñandú 🚗"),
];
const OTHER_IDS = [
  landing.id,
  spare.id,
  trashed.id,
  landing.vehicle.id,
  spare.vehicle.id,
  reservation.id,
  1,
  999_999,
].map(String);
/** Percent-encodes the UTF-8 bytes of any string (a lone surrogate too, which encodeURIComponent refuses). */
const pct = (text: string) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
const textOf = (value: unknown) => (typeof value === "string" ? value : (JSON.stringify(value) ?? ""));
const pathValue = (route: string, param: string) =>
  fc.oneof(
    { weight: 2, arbitrary: fc.constant(realId(route, param)) },
    // Real ids of the wrong kind (a landing's id where a vehicle's goes) and ids nobody owns.
    { weight: 1, arbitrary: fc.constantFrom(...OTHER_IDS) },
    { weight: 3, arbitrary: fc.constantFrom(...PATH_ATTACKS) },
    { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 20 }).map(pct) },
  );

const queryPart = (names: string[]) =>
  fc
    .array(
      fc.tuple(
        fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...(names.length > 0 ? names : ["q"])) },
          { weight: 1, arbitrary: fc.constantFrom("__proto__[x]", "constructor[prototype][x]", "a[]", "a[b][c]") },
        ),
        fc.oneof(
          fc.constantFrom(...names.map((name) => pct(textOf(VALID[name] ?? "1"))), "1"),
          hostileString.map(pct),
          fc.constantFrom(...PATH_ATTACKS),
        ),
      ),
      { maxLength: 5 },
    )
    .map((pairs) => pairs.map(([key, value]) => `${key}=${value}`).join("&"));

type Encoding = "json" | "broken-json" | "multipart" | "broken-multipart" | "urlencoded" | "text" | "none";

function multipartText(boundary: string, fields: [string, unknown][], files: [string, string, Buffer][]) {
  const parts: Buffer[] = [];
  for (const [name, value] of fields) {
    const text = textOf(value);
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${text}\r\n`));
  }
  for (const [name, filename, data] of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(parts);
}

const FILE_BODIES = [
  // A real image, so that some uploads get past decoding to the checks after the files are stored.
  await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c00" } })
    .jpeg()
    .toBuffer(),
  Buffer.concat([
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#0c0" } })
      .png()
      .toBuffer(),
    Buffer.from("<?php echo 1; ?>"),
  ]),
  Buffer.from("<?php system($_GET['c']); ?>"),
  Buffer.from("<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>"),
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 0x41)]),
  Buffer.from("GIF89a/*<script>alert(1)</script>*/"),
  Buffer.alloc(0),
];

function requestArbitrary(method: string, url: string) {
  const key = `${method} ${url}`;
  const operation = operationOf(method, url);
  const form = FORMS[key];
  const bodyFields = Object.keys(operation?.requestBody?.content?.["application/json"]?.schema?.properties ?? {});
  const fields = [...new Set([...bodyFields, ...(form?.fields ?? [])])];
  const queryNames = (operation?.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
  const params = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");
  const fieldValue = (name: string) =>
    fc.option(
      fc.oneof({ weight: 1, arbitrary: fc.constant(VALID[name] ?? "x") }, { weight: 2, arbitrary: hostileValue }),
      { nil: undefined, freq: 4 },
    );
  const encodings: Encoding[] =
    method === "GET"
      ? ["none"]
      : [
          ...((form ? ["multipart", "multipart", "multipart"] : ["json", "json"]) as Encoding[]),
          ...(["json", "broken-json", "multipart", "broken-multipart", "urlencoded", "text", "none"] as const),
        ];
  return fc
    .record({
      params: fc.tuple(...params.map((param) => pathValue(url, param))),
      query: queryNames.length > 0 || method === "GET" ? queryPart(queryNames) : fc.constant(""),
      values: fc.tuple(fc.constant(undefined), ...fields.map(fieldValue)),
      extra: fc.array(fc.tuple(fc.constantFrom("extra", "$where", "id", "owner_id", "user_id"), hostileValue), {
        maxLength: 2,
      }),
      polluting: fc.subarray(POLLUTING, { maxLength: 2 }),
      encoding: fc.constantFrom(...encodings),
      cut: fc.nat(),
      file: fc.option(
        fc.tuple(
          fc.oneof(
            { weight: 3, arbitrary: fc.constantFrom(...(form?.files.length ? form.files : ["file"])) },
            { weight: 1, arbitrary: fc.constantFrom("images[99]", "__proto__", "constructor", "toString") },
          ),
          fc.constantFrom("a.jpg", "../../evil.php", "a\u0000.jpg", "<script>.png", ".htaccess"),
          fc.oneof(
            { weight: 2, arbitrary: fc.constant(FILE_BODIES[0] as Buffer) },
            { weight: 3, arbitrary: fc.constantFrom(...FILE_BODIES) },
          ),
        ),
        { nil: undefined, freq: 4 },
      ),
      language: fc.constantFrom("es" as const, "en" as const),
    })
    .map((input) => {
      const pairs: [string, unknown][] = [];
      fields.forEach((field, index) => {
        const value = input.values[index + 1];
        if (value !== undefined) pairs.push([field, value]);
      });
      pairs.push(...input.extra);
      let built = url;
      params.forEach((param, index) => {
        built = built.replace(`:${param}`, input.params[index] ?? "");
      });
      const fullUrl = input.query ? `${built}?${input.query}` : built;
      let payload: string | Buffer | undefined;
      let contentType: string | undefined;
      const jsonText = () => {
        const body = JSON.stringify(Object.fromEntries(pairs));
        const extra = input.polluting.join(",");
        if (!extra) return body;
        return body === "{}" ? `{${extra}}` : `{${extra},${body.slice(1)}`;
      };
      switch (input.encoding) {
        case "json":
          payload = jsonText();
          contentType = "application/json";
          break;
        case "broken-json": {
          const text = jsonText();
          payload = text.slice(0, input.cut % Math.max(1, text.length)) + ["", "}", ",", "\u0000", "]]"][input.cut % 5];
          contentType = "application/json";
          break;
        }
        case "multipart":
        case "broken-multipart": {
          const files: [string, string, Buffer][] = input.file ? [input.file] : [];
          const polluted: [string, unknown][] =
            input.polluting.length > 0
              ? [
                  ["__proto__", "x"],
                  ["constructor", "y"],
                ]
              : [];
          const body = multipartText("fuzzboundary", [...pairs, ...polluted], files);
          if (input.encoding === "multipart") {
            payload = body;
            contentType = "multipart/form-data; boundary=fuzzboundary";
          } else {
            payload = body.subarray(0, input.cut % Math.max(1, body.length));
            contentType = [
              "multipart/form-data; boundary=other",
              "multipart/form-data",
              "multipart/form-data; boundary=",
            ][input.cut % 3];
          }
          break;
        }
        case "urlencoded":
          payload = pairs.map(([k, v]) => `${pct(k)}=${pct(textOf(v))}`).join("&");
          contentType = "application/x-www-form-urlencoded";
          break;
        case "text":
          payload = jsonText();
          contentType = ["text/plain", "application/xml", "application/json; charset=utf-16"][input.cut % 3];
          break;
        case "none":
          break;
      }
      return { url: fullUrl, payload, contentType, language: input.language };
    });
}

// --- Checks ---------------------------------------------------------------------------------------

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Every message of the catalogue of `language`, its `{{params}}` matching anything. */
const catalogue = Object.fromEntries(
  (["es", "en"] as const).map((language) => [
    language,
    Object.values(apiMessages[language]).map(
      (template) => new RegExp(`^${escapeRegex(template).replace(/\\\{\\\{\w+\\\}\\\}/g, "[\\s\\S]*")}$`),
    ),
  ]),
) as Record<"es" | "en", RegExp[]>;
const inCatalogue = (language: "es" | "en", message: unknown) =>
  typeof message === "string" && message.length > 0 && catalogue[language].some((pattern) => pattern.test(message));

/** What went wrong with an answer to a bad input, or nothing. */
function shapeProblem(response: LightMyRequestResponse, language: "es" | "en", url: string): string | undefined {
  if (response.statusCode >= 500) return "5xx";
  if (response.statusCode < 400) return undefined;
  // `/api/publicLanding/../reservation/x` is resolved by the URL parser to `/api/reservation/x`,
  // which the public site's `/:name/reservation/:reference` page answers: its own 404 page.
  const resolved = new URL(url, "http://localhost").pathname;
  const html = String(response.headers["content-type"]).startsWith("text/html");
  if (/\/\.\.(\/|$)/.test(url) && resolved !== url.split("?")[0] && response.statusCode === 404 && html)
    return undefined;
  let body: Record<string, unknown>;
  try {
    body = response.json();
  } catch {
    return "4xx body is not JSON";
  }
  const extra = Object.keys(body).filter((key) => !["message", "errors", "rules"].includes(key));
  if (extra.length > 0) return `4xx body has keys ${extra.join(", ")}`;
  if (!inCatalogue(language, body.message)) return `message not in the ${language} catalogue`;
  if (body.errors !== undefined) {
    if (typeof body.errors !== "object" || body.errors === null || Array.isArray(body.errors))
      return "errors not a map";
    for (const [field, messages] of Object.entries(body.errors)) {
      if (!Array.isArray(messages) || messages.length === 0) return `errors.${field} not a list`;
      if (!messages.every((message) => inCatalogue(language, message)))
        return `errors.${field} not in the ${language} catalogue`;
    }
  }
  if (response.statusCode === 422 && body.errors === undefined && body.rules === undefined) return "422 without errors";
  return undefined;
}

const TABLES = [
  "users",
  "sessions",
  "landings",
  "landing_addons",
  "vehicles",
  "vehicle_images",
  "special_features",
  "vehicle_special_features",
  "locations",
  "place_rules",
  "vehicle_blocks",
  "reservations",
  "reservation_addons",
  "customers",
  "customer_contacts",
  "outbox",
  "calendar_feeds",
  "page_views",
  "rental_handovers",
  "invoices",
  "rental_agreements",
  "rental_photos",
];
/** Row count and a digest of every row of the main tables, in one query. */
async function fingerprint() {
  const columns = TABLES.map(
    (table) =>
      `(select count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from ${table} t) as ${table}`,
  ).join(", ");
  const rows = await rowsOf<Record<string, string>>(db, sql.raw(`select ${columns}`));
  return JSON.stringify(rows[0]);
}
const storedFilesNow = () => storedFiles(storage.root);

/**
 * The next transaction id the database will hand out. Every INSERT, UPDATE or DELETE needs one, so
 * while it stands still no row of any table has changed, and the fingerprint need not be taken
 * again (taking it was most of the sweep's time: 22 tables read in full after every request).
 */
async function nextTransactionId() {
  const rows = await rowsOf<{ next: string }>(
    db,
    sql.raw("select pg_snapshot_xmax(pg_current_snapshot())::text as next"),
  );
  return rows[0]?.next;
}
let known = { next: await nextTransactionId(), print: await fingerprint() };
/** The tables whose rows differ between two fingerprints, for the failure's message. */
function changedTables(before: string, after: string) {
  const [was, is] = [JSON.parse(before), JSON.parse(after)] as Record<string, string>[];
  return TABLES.filter((table) => was?.[table] !== is?.[table]).join(", ");
}
/** The fingerprint of the database as it stands now, read again only when a transaction wrote since. */
async function currentFingerprint() {
  const next = await nextTransactionId();
  if (next !== known.next) known = { next, print: await fingerprint() };
  return known.print;
}

// --- The sweep ------------------------------------------------------------------------------------

const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 2 };
/** A stream that never ends (live.test.ts); logout is sent with a fresh session each time, below. */
const SKIPPED = new Set(["GET /api/live"]);
const routes = app.routeTable
  .filter((route) => route.method !== "HEAD" && !SKIPPED.has(`${route.method} ${route.url}`))
  .sort((a, b) => (ORDER[a.method] ?? 1) - (ORDER[b.method] ?? 1));

const stats = { inputs: 0, accepted: 0, refused: 0 };
let state = await currentFingerprint();
let files = storedFilesNow();

describe("bad input on every route of the route table (issue 13.3)", () => {
  for (const route of routes) {
    const label = `${route.method} ${route.url}`;
    it(`${label}: never 5xx, every 4xx is a translated { message[, errors] } and stores nothing`, async () => {
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(requestArbitrary(route.method, route.url), async (request) => {
          stats.inputs += 1;
          let auth: Record<string, string> = {};
          if (route.access === "owner")
            auth = bearer(route.url === "/api/nelly-logout" ? await signIn(app, owner) : owner);
          if (route.url === "/api/nelly-logout") state = await currentFingerprint();
          const response = await app.inject({
            method: route.method as "POST",
            url: request.url,
            payload: request.payload,
            headers: {
              ...auth,
              "accept-language": request.language,
              ...(request.contentType ? { "content-type": request.contentType } : {}),
            },
          });
          const after = await currentFingerprint();
          const filesAfter = storedFilesNow();
          const problem = shapeProblem(response, request.language, request.url);
          const where = `${label} ${request.url.slice(0, 200)} [${request.contentType}] ${String(request.payload ?? "").slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
          if (problem) failures.push(`${problem}: ${where}`);
          if (response.statusCode >= 400) {
            stats.refused += 1;
            if (after !== state) failures.push(`stored something (${changedTables(state, after)}): ${where}`);
            if (JSON.stringify(filesAfter) !== JSON.stringify(files)) failures.push(`left a file: ${where}`);
          } else if (route.method !== "GET") {
            stats.accepted += 1;
          }
          state = after;
          files = filesAfter;
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE },
      );
      if (failures.length > 0) console.error(failures.join("\n"));
      expect(failures).toEqual([]);
    });
  }

  it("tried every route", () => {
    expect(routes.length).toBeGreaterThan(70);
    console.info(
      `fuzz: ${routes.length} routes, ${stats.inputs} inputs (${stats.refused} refused, ${stats.accepted} unsafe ones accepted)`,
    );
    expect(stats.inputs).toBe(routes.length * RUNS_PER_ROUTE);
  });
});
