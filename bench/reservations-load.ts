// Measurement 3 of `npm run bench`: travellers booking at once. A sustained run of
// POST /api/reservations on distinct periods (no two ask for the same unit), then a run that only
// asks for a period already taken (the 409 path), then the check that matters more than the rate:
// every booking a traveller was told about (201) is stored exactly once, and nothing else is.
import pg from "pg";
import type { Api, Fleet } from "./fleet-seed";
import { type PostLoad, postLoad } from "./support/post-load";
import type { Row } from "./support/results";
import type { Load } from "./support/wrk";

export type ReservationSize = { created: number; conflicts: number; connections: number };
export const RESERVATIONS_FULL: ReservationSize = { created: 3000, conflicts: 1000, connections: 16 };
export const RESERVATIONS_QUICK: ReservationSize = { created: 150, conflicts: 60, connections: 8 };

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Booking `index` of the sustained run: vehicle `index % fleet`, one day, two days after the
 * previous booking of that vehicle, so no two bookings share a unit whatever the vehicle's units.
 */
function booking(fleet: Fleet, index: number) {
  const vehicle = fleet.vehicles[index % fleet.vehicles.length];
  const start = 7 + 2 * Math.floor(index / fleet.vehicles.length);
  return {
    id_landing: fleet.landingId,
    id_vehicle: vehicle?.id,
    place_of_departure: "Santiago",
    arrival_place: "Santiago",
    date_of_departure: day(start),
    time_of_departure: "10:00",
    date_of_arrival: day(start + 1),
    time_of_arrival: "10:00",
    number_person: 2,
    number_bag: 1,
    addons: [],
    name: "Lucía",
    last_name: `Banco ${index}`,
    email: `lucia.${index}@example.com`,
    phone: "+1 809 555 0101",
    description: "",
    terms_accepted: true,
  };
}

/** Every reservation of the landing, through the owner's list (100 a page). */
async function storedReservations(api: Api, landingId: number): Promise<{ id: number; reference: string }[]> {
  const stored: { id: number; reference: string }[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: "100", ...(cursor && { cursor }) });
    const response = await api(`/api/reservations/${landingId}?${query}`);
    if (!response.ok) throw new Error(`the reservations list answered ${response.status}`);
    const page = (await response.json()) as {
      reservations: { id: number; reference: string }[];
      next_cursor: string | null;
    };
    stored.push(...page.reservations);
    cursor = page.next_cursor;
  } while (cursor);
  return stored;
}

/** Bookings told 201 but not stored exactly once, and stored bookings nobody was told about. */
function reconcile(told: PostLoad, stored: { id: number; reference: string }[]) {
  const storedTimes = new Map<number, number>();
  for (const row of stored) storedTimes.set(row.id, (storedTimes.get(row.id) ?? 0) + 1);
  const toldIds = told.answers.filter((answer) => answer.status === 201).map((answer) => JSON.parse(answer.body).id);
  const notOnce = toldIds.filter((id) => storedTimes.get(id) !== 1).length;
  const references = new Set(stored.map((row) => row.reference));
  const unknown = stored.length - toldIds.length;
  return { created: toldIds.length, notOnce, unknown, duplicateReferences: stored.length - references.size };
}

/** PostgreSQL's own limit on the same machine: one INSERT of the same JSON per transaction. */
async function postgresBaseline(databaseUrl: string, size: ReservationSize, body: object): Promise<Load> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: size.connections });
  try {
    await pool.query("create table if not exists bench_insert_baseline (id serial primary key, body jsonb not null)");
    const timings: number[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      for (let index = next++; index < size.created; index = next++) {
        const sent = performance.now();
        await pool.query("insert into bench_insert_baseline (body) values ($1)", [JSON.stringify(body)]);
        timings.push(performance.now() - sent);
      }
    };
    await Promise.all(Array.from({ length: size.connections }, worker));
    const seconds = (performance.now() - started) / 1000;
    timings.sort((a, b) => a - b);
    const at = (share: number) => timings[Math.floor(timings.length * share)] ?? Number.NaN;
    await pool.query("drop table bench_insert_baseline");
    return { rps: size.created / seconds, p50: at(0.5), p99: at(0.99), requests: size.created, errors: 0 };
  } finally {
    await pool.end();
  }
}

export async function reservationsLoad(
  base: string,
  api: Api,
  fleet: Fleet,
  database: Row["database"],
  size: ReservationSize,
  databaseUrl?: string,
): Promise<Row[]> {
  const url = `${base}/api/reservations`;
  const created = await postLoad(url, size.created, size.connections, 201, (index) => booking(fleet, index));
  // The first booking's period of the first vehicle (one unit): taken, so every ask is a 409.
  const conflicts = await postLoad(url, size.conflicts, size.connections, 409, () => booking(fleet, 0));
  const check = reconcile(created, await storedReservations(api, fleet.landingId));
  const wrong = check.notOnce + check.unknown + check.duplicateReferences;
  // Issue 29: bookings created per second on each database, the 409 path at least twice that.
  const createdGoal = database === "postgres" ? 1000 : 400;
  const baseline = databaseUrl ? await postgresBaseline(databaseUrl, size, booking(fleet, 0)) : undefined;
  return [
    {
      group: "reservations",
      name: `POST /api/reservations, distinct periods (${size.created}, ${size.connections} at a time)`,
      database,
      product: created.load,
      ...(baseline && {
        baseline: { ...baseline, name: "PostgreSQL INSERT per transaction" },
        ratio: created.load.rps / baseline.rps,
      }),
      goal: `≥ ${createdGoal} created/s, no errors`,
      met: created.load.rps >= createdGoal && created.load.errors === 0,
    },
    {
      group: "reservations",
      name: `POST /api/reservations, a period already taken: 409 (${size.conflicts})`,
      database,
      product: conflicts.load,
      goal: `≥ ${2 * createdGoal} refused/s, no errors`,
      met: conflicts.load.rps >= 2 * createdGoal && conflicts.load.errors === 0,
    },
    {
      group: "reservations",
      name: `Bookings answered 201 (${check.created}) not stored exactly once, or stored unanswered`,
      database,
      value: wrong,
      unit: "bookings",
      goal: "0",
      met: wrong === 0,
      mustHold: true,
    },
  ];
}
