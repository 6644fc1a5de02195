// Measurements 1 and 2 of `npm run bench`: the public pages and the public API of a landing with
// 30 vehicles under load, each against nginx serving the very same bytes as a static file.
import type { Api, Fleet } from "./fleet-seed";
import { seedFleet } from "./fleet-seed";
import { compare, type Settings } from "./support/compare";
import { serveStatic } from "./support/nginx";
import type { Row } from "./support/results";

export const PUBLIC_VEHICLES = 30;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Target = { name: string; path: string; goal?: number };

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
  const targets: Target[] = [
    { name: `Public home (${PUBLIC_VEHICLES} vehicles)`, path: `/${name}`, goal: 0.6 },
    {
      name: `Public vehicle list with a search (${PUBLIC_VEHICLES} vehicles)`,
      path: `/${name}/vehicle?pickup=Santiago&dropoff=Santiago&from=${day(7)}&fromTime=10:00&to=${day(10)}&toTime=10:00&seats=2`,
      goal: 0.6,
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
          goal: `≥ ${target.goal}x nginx, no errors`,
          met: result.ratio >= target.goal && result.product.errors === 0,
        }),
      });
    }
  } finally {
    await nginx.stop();
  }
  return { rows, home: `${base}${targets[0]?.path}`, list: `${base}${targets[1]?.path}`, fleet };
}
