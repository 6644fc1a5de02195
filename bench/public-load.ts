// Measurements 1 and 2 of `npm run bench`: the public pages and the public API of a landing with
// 30 vehicles under load, each against nginx serving the very same bytes as a static file.
import type { Api, Fleet } from "./fleet-seed";
import { seedFleet } from "./fleet-seed";
import { alone, compare, type Settings } from "./support/compare";
import { serveStatic } from "./support/nginx";
import { newPeriodScript, rotationScript } from "./support/periods";
import type { Row } from "./support/results";

export const PUBLIC_VEHICLES = 30;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Target = { name: string; path: string; goal?: number; p99?: number };
/** The searched pages' goals (issue 29): at 16 connections, every way of searching. */
const SEARCHED_P99_MS = 25;
const ROTATION = 300;

/** What wrk asks for: no compression, as wrk sends no Accept-Encoding. */
async function snapshot(url: string) {
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return { body: Buffer.from(await response.arrayBuffer()), type: response.headers.get("content-type") ?? "text/html" };
}

export async function publicLoad(
  base: string,
  api: Api,
  database: Row["database"],
  settings: Settings,
  nginxPort: number,
): Promise<{ rows: Row[]; home: string; list: string; fleet: Fleet }> {
  const fleet = await seedFleet(api, PUBLIC_VEHICLES);
  const name = fleet.landingName;
  const vehicle = fleet.vehicles[0]?.id ?? 0;
  const period = `from=${day(7)}T10:00&to=${day(10)}T10:00`;
  const searched = `from=${day(7)}&fromTime=10:00&to=${day(10)}&toTime=10:00`;
  const listPath = `/${name}/vehicle`;
  const listPrefix = "pickup=Santiago&dropoff=Santiago&seats=2";
  const vehiclePath = `/${name}/vehicles/${vehicle}`;
  const vehiclePrefix = "pickup=Santiago&dropoff=Santiago";
  const targets: Target[] = [
    { name: `Public home (${PUBLIC_VEHICLES} vehicles)`, path: `/${name}`, goal: 0.6 },
    {
      name: `Public vehicle list, one searched period repeated (${PUBLIC_VEHICLES} vehicles)`,
      path: `${listPath}?${listPrefix}&${searched}`,
      goal: 0.6,
      p99: SEARCHED_P99_MS,
    },
    {
      name: "Public vehicle page, one searched period repeated",
      path: `${vehiclePath}?${vehiclePrefix}&${searched}`,
      goal: 0.6,
      p99: SEARCHED_P99_MS,
    },
    { name: "GET /api/publicLanding/{name}", path: `/api/publicLanding/${name}` },
    {
      name: "GET /api/publicLanding/{name}/quote",
      path: `/api/publicLanding/${name}/quote?vehicle=${vehicle}&${period}`,
    },
    { name: "GET /api/publicLanding/{name}/availability", path: `/api/publicLanding/${name}/availability?${period}` },
  ];
  const files = Object.fromEntries(
    await Promise.all(targets.map(async (target, index) => [`t${index}`, await snapshot(`${base}${target.path}`)])),
  );
  const nginx = await serveStatic(nginxPort, files);
  const rows: Row[] = [];
  try {
    for (const [index, target] of targets.entries()) {
      const result = await compare(`${base}${target.path}`, nginx.url(`t${index}`), settings);
      rows.push({
        group: target.path.startsWith("/api") ? "public-api" : "public-pages",
        name: target.name,
        database,
        product: result.product,
        baseline: { ...result.baseline, name: "nginx static" },
        ratio: result.ratio,
        ...(target.goal !== undefined && {
          goal: `≥ ${target.goal}x nginx${target.p99 ? `, p99 < ${target.p99} ms` : ""}, no errors`,
          met:
            result.ratio >= target.goal &&
            result.product.p99 < (target.p99 ?? Number.POSITIVE_INFINITY) &&
            result.product.errors === 0,
        }),
      });
    }
  } finally {
    await nginx.stop();
  }
  // Real travellers search different dates: a few hundred popular periods in turn, and a period
  // nobody asked before on every request (never from a cache of pages).
  const searches = [
    { page: "list", path: listPath, prefix: listPrefix },
    { page: "page", path: vehiclePath, prefix: vehiclePrefix },
  ];
  for (const { page, path, prefix } of searches) {
    const what = page === "list" ? `Public vehicle list (${PUBLIC_VEHICLES} vehicles)` : "Public vehicle page";
    const ways = [
      {
        name: `${what}, ${ROTATION} searched periods in turn`,
        rate: 1500,
        script: rotationScript(path, prefix, ROTATION),
      },
      { name: `${what}, a new searched period on every request`, rate: 500, script: newPeriodScript(path, prefix) },
    ];
    // A quick run (in npm test) proves the rotation on the list; the full run measures all four.
    for (const way of settings.quick ? ways.slice(0, page === "list" ? 1 : 0) : ways) {
      // Each round counts its periods from its own offset, so no round repeats another's.
      const product = await alone(`${base}${path}`, settings, way.script, (round) => [String((round + 1) * 200_000)]);
      rows.push({
        group: "public-pages",
        name: way.name,
        database,
        product,
        goal: `≥ ${way.rate} req/s, p99 < ${SEARCHED_P99_MS} ms, no errors`,
        met: product.rps >= way.rate && product.p99 < SEARCHED_P99_MS && product.errors === 0,
      });
    }
  }
  return { rows, home: `${base}${targets[0]?.path}`, list: `${base}${targets[1]?.path}`, fleet };
}
