// The data of measurement 4, written straight into PostgreSQL with SQL (the API would take hours):
// owners with five landings of ten vehicles each, and reservations spread over two years. One
// owner, signed up through the API so the bench can sign in as them, holds a tenth of all the
// reservations in their five landings. `grow` adds to what is there, so the same database is
// measured at a tenth of the data and then at all of it.
import type pg from "pg";

export type ScaleSize = { owners: number; reservations: number };
export const SCALE_FULL: ScaleSize = { owners: 1000, reservations: 500_000 };
export const SCALE_QUICK: ScaleSize = { owners: 20, reservations: 10_000 };
export const LANDINGS_PER_OWNER = 5;
export const VEHICLES_PER_LANDING = 10;

/** The measured owner's share of the reservations (50,000 of 500,000). */
const OWNER_SHARE = 0.1;

/** Syllables of the customers' made-up last names: reservation n is named after n's base-16 digits. */
const SYLLABLES = ["ba", "ce", "di", "fo", "gu", "la", "me", "ni", "po", "ru", "sa", "te", "vi", "xo", "yu", "za"];
const DIGITS = 5;

/**
 * The last name of reservation `n`, e.g. "Cebadifogu": names as varied as real ones (a search for
 * one reads a few index entries, not every row sharing a common prefix), and only n holds it.
 */
export function lastNameOf(n: number): string {
  const word = Array.from({ length: DIGITS }, (_, digit) => SYLLABLES[Math.floor(n / 16 ** digit) % 16]).join("");
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** The same name in SQL, for the row numbered `n`. */
const LAST_NAME_SQL = `initcap(${Array.from(
  { length: DIGITS },
  (_, digit) => `(array[${SYLLABLES.map((s) => `'${s}'`).join(",")}])[1 + (n / ${16 ** digit}) % 16]`,
).join(" || ")})`;

async function landingsOf(client: pg.Client, ownerIds: string): Promise<void> {
  await client.query(
    `insert into landings (owner_id, name, display_name, logo, color_primary, color_secondary, default_language, status)
     select u.id, 'bench-' || u.id || '-' || k, 'Flota ' || u.id || ' ' || k, '', '#1d4ed8', '#f59e0b', 'es', 'published'
     from users u cross join generate_series(1, ${LANDINGS_PER_OWNER}) k
     where u.id in (${ownerIds})`,
  );
  await client.query(
    `insert into vehicles (landing_id, name, description, price_cents, luggage, people, type_of_car, transmission, brand, units)
     select l.id, 'Vehículo ' || k, 'Un vehículo del banco de pruebas.', 4000 + k * 100, 2, 5, 'sedan', 'automatic', 'Toyota', 1 + k % 3
     from landings l cross join generate_series(1, ${VEHICLES_PER_LANDING}) k
     where l.owner_id in (${ownerIds})`,
  );
}

/** `count` reservations numbered from `first`, spread evenly over the landings `landingFilter` picks. */
async function reservationsIn(client: pg.Client, landingFilter: string, first: number, count: number): Promise<void> {
  if (count <= 0) return;
  const { rows } = await client.query<{ count: string }>(`select count(*) from landings l where ${landingFilter}`);
  const landingCount = Number(rows[0]?.count);
  // Reservation n: landing n mod the landings, pickup somewhere in the two years around today,
  // made n minutes after the first one (so later reservations are the newer ones).
  await client.query(
    `with spread as (
       select l.id, l.owner_id, (select min(v.id) from vehicles v where v.landing_id = l.id) as vehicle_id,
              row_number() over (order by l.id) - 1 as position
       from landings l where ${landingFilter}
     )
     insert into reservations (
       landing_id, owner_id, vehicle_id, reference, status, source, vehicle_name, place_of_departure, arrival_place,
       pickup_date, pickup_time, return_date, return_time, pickup_at, return_at, people, bags,
       name, last_name, email, phone, language, days, price_per_day_cents, rental_cents, addons_cents,
       subtotal_cents, tax_label, tax_rate_bp, tax_cents, total_cents, currency, created_at, updated_at
     )
     select s.id, s.owner_id, s.vehicle_id, 'BN-' || n, (array['pending','confirmed','cancelled','completed'])[1 + n % 4], 'public',
            'Vehículo 1', 'Santiago', 'Santiago',
            to_char(pickup, 'YYYY-MM-DD'), '10:00', to_char(pickup + interval '3 days', 'YYYY-MM-DD'), '10:00',
            pickup, pickup + interval '3 days', 2, 1,
            'María', ${LAST_NAME_SQL}, 'cliente' || n || '@example.com', '+1 809 555 0101', 'es', 3, 4500, 13500, 0,
            13500, 'ITBIS', 1800, 2430, 15930, 'USD', created, created
     from generate_series($1::int, $1::int + $2::int - 1) n
     join spread s on s.position = n % ${landingCount}
     cross join lateral (select date_trunc('day', now()) - interval '1 year' + (n % 730) * interval '1 day' + interval '14 hours' as pickup,
                                now() - interval '2 years' + n * interval '1 minute' as created) t`,
    [first, count],
  );
}

/**
 * Grows the data to `size`: the owners (other than `ownerId`) with their landings and vehicles,
 * `ownerId`'s five landings, and the reservations, the owner holding a tenth of them.
 */
export async function growScale(client: pg.Client, ownerId: number, size: ScaleSize): Promise<void> {
  const { rows } = await client.query<{ owners: string; reservations: string; owned: string }>(
    `select (select count(*) from users where email like 'bench-owner-%') as owners,
            (select count(*) from reservations where reference like 'BN-%') as reservations,
            (select count(*) from landings where owner_id = $1) as owned`,
    [ownerId],
  );
  const had = { owners: Number(rows[0]?.owners), reservations: Number(rows[0]?.reservations) };
  const others = size.owners - 1;
  if (others > had.owners) {
    await client.query(
      `insert into users (name, email, password_hash)
       select 'Dueño ' || n, 'bench-owner-' || n || '@example.com', 'not-a-hash: this owner never signs in'
       from generate_series($1::int, $2::int) n`,
      [had.owners + 1, others],
    );
    await landingsOf(
      client,
      `select id from users where email like 'bench-owner-%' and id not in (select owner_id from landings)`,
    );
  }
  if (Number(rows[0]?.owned) === 0) await landingsOf(client, String(ownerId));

  const wanted = size.reservations - had.reservations;
  const owned = Math.round(wanted * OWNER_SHARE);
  await reservationsIn(client, `l.owner_id = ${ownerId}`, had.reservations, owned);
  await reservationsIn(client, `l.owner_id <> ${ownerId}`, had.reservations + owned, wanted - owned);
  await client.query("vacuum analyze users, landings, vehicles, reservations");
}
