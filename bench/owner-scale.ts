// Measurement 4 of `npm run bench`: an owner's reads on PostgreSQL holding 1,000 owners, 5,000
// landings, 50,000 vehicles and 500,000 reservations, the owner holding 50,000 of them; measured
// first at a tenth of that data and then at all of it, one request at a time, so each latency is
// the cost of one read. A read whose cost follows the page size, not the table size, stays flat.
import pg from "pg";
import { growScale, LANDINGS_PER_OWNER, lastNameOf, type ScaleSize, VEHICLES_PER_LANDING } from "./scale-seed";
import { timedRequests } from "./support/p95";
import type { Row } from "./support/results";
import type { Load } from "./support/wrk";

type Owner = { id: number; api: (route: string) => Promise<Response> };
type Read = { name: string; path: (landingId: number) => string };

const P99_BUDGET_MS = 50;
/** How much slower the full data may answer than the tenth (with 2 ms for noise) and still be "flat". */
const FLAT = 1.5;

export function ownerReads(ownerId: number, searchFor: string): Read[] {
  return [
    { name: "Landings list (GET /api/landing/{user})", path: () => `/api/landing/${ownerId}` },
    { name: "A landing's detail (GET /api/landings/{user}/{landing})", path: (id) => `/api/landings/${ownerId}/${id}` },
    { name: "Reservations list, first page", path: () => `/api/reservations/user/${ownerId}` },
    // Asked by every open dashboard every minute (the menu's pending badge).
    { name: "Reservations badge (GET /api/reservations/summary)", path: () => "/api/reservations/summary" },
    {
      name: "Reservations search for one customer's name",
      path: () => `/api/reservations/user/${ownerId}?q=${encodeURIComponent(searchFor)}`,
    },
  ];
}

async function measureReads(owner: Owner, reads: Read[], landingId: number, count: number): Promise<Load[]> {
  const loads: Load[] = [];
  for (const read of reads) {
    await timedRequests(Math.max(5, count / 10), 1, () => owner.api(read.path(landingId)));
    loads.push(await timedRequests(count, 1, () => owner.api(read.path(landingId))));
  }
  return loads;
}

/** The measured owner's landings and reservations, as the tables hold them. */
async function describeOwner(client: pg.Client, ownerId: number) {
  const { rows } = await client.query<{ landing: number; reservations: string }>(
    `select min(l.id) as landing, (select count(*) from reservations r join landings o on o.id = r.landing_id
       where o.owner_id = $1) as reservations from landings l where l.owner_id = $1`,
    [ownerId],
  );
  return { landingId: Number(rows[0]?.landing), reservations: Number(rows[0]?.reservations) };
}

export async function ownerScale(databaseUrl: string, owner: Owner, size: ScaleSize, count: number): Promise<Row[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const tenth = { owners: size.owners / 10, reservations: size.reservations / 10 };
    await growScale(client, owner.id, tenth);
    const small = await describeOwner(client, owner.id);
    const reads = ownerReads(owner.id, lastNameOf(Math.floor(small.reservations / 2)));
    const before = await measureReads(owner, reads, small.landingId, count);
    await growScale(client, owner.id, size);
    const large = await describeOwner(client, owner.id);
    const after = await measureReads(owner, reads, large.landingId, count);
    const data = (s: ScaleSize, mine: number) =>
      `${s.owners} owners, ${s.owners * LANDINGS_PER_OWNER} landings, ${s.owners * LANDINGS_PER_OWNER * VEHICLES_PER_LANDING} vehicles, ${s.reservations} reservations (${mine} the owner's)`;
    console.log(
      `      postgres owner reads at ${data(tenth, small.reservations)}, then ${data(size, large.reservations)}`,
    );
    return reads.map((read, index) => {
      const full = after[index] as Load;
      const small = before[index] as Load;
      return {
        group: "owner-scale",
        name: `${read.name}, one at a time (${count})`,
        database: "postgres",
        product: full,
        baseline: { ...small, name: "the same at a tenth of the data" },
        ratio: full.p99 / small.p99,
        goal: `p99 < ${P99_BUDGET_MS} ms, ≤ ${FLAT}x the tenth's p99 (+2 ms)`,
        met: full.p99 < P99_BUDGET_MS && full.p99 <= FLAT * small.p99 + 2,
      };
    });
  } finally {
    await client.end();
  }
}
