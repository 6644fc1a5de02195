import { BOOKED_STATUSES } from "@domain/reservations";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { rowsOf } from "../db/rows";
import { rentalCents, type ScopedLanding, scopeTable, withInvoice } from "./scope";

/** How many pickups (or returns) of one day a list shows; the total says how many there are. */
export const MOVEMENTS_SHOWN = 8;

type MovementRow = {
  kind: "pickup" | "return";
  day: "today" | "tomorrow";
  id: number;
  reference: string;
  landing_id: number;
  status: string;
  name: string;
  last_name: string;
  vehicle_name: string;
  date: string;
  time: string;
  place: string;
  express: boolean;
  total: number;
};

export type Movement = {
  id: number;
  reference: string;
  landing_id: number;
  status: string;
  customer: string;
  vehicle: string;
  date: string;
  time: string;
  place: string;
  express: boolean;
};
export type MovementList = { total: number; items: Movement[] };
type Day = { pickups: MovementList; returns: MovementList };

/**
 * Pickups and returns of today and tomorrow (each landing's own days), of reservations that are
 * still going ahead (pending or confirmed; a return also when on rent), earliest first: one query, at most MOVEMENTS_SHOWN rows
 * per list, each with the list's full count. The two days are a range ("between", the dates being
 * yyyy-mm-dd text with nothing between two days), which the landing's date index reads as one:
 * written as a list of two, PostgreSQL read every booking still going ahead of each landing
 * (20 ms at 50,000 bookings, against 0.3).
 */
async function movements(db: Database, scope: ScopedLanding[]): Promise<{ today: Day; tomorrow: Day }> {
  const rows = await rowsOf<MovementRow>(
    db,
    sql`
    with m as (
      select 'pickup' as kind, case when r.pickup_date = s.today then 'today' else 'tomorrow' end as day,
        r.id, r.reference, r.landing_id, r.status, r.name, r.last_name, r.vehicle_name,
        r.pickup_date as date, r.pickup_time as time, r.place_of_departure as place,
        r.express_completed_at is not null as express
      from reservations r join ${scopeTable(scope)} on s.landing_id = r.landing_id
      where r.status in ('pending', 'confirmed') and r.pickup_date between s.today and s.tomorrow
      union all
      select 'return', case when r.return_date = s.today then 'today' else 'tomorrow' end,
        r.id, r.reference, r.landing_id, r.status, r.name, r.last_name, r.vehicle_name,
        r.return_date, r.return_time, r.arrival_place, false
      from reservations r join ${scopeTable(scope)} on s.landing_id = r.landing_id
      where r.status in ('pending', 'confirmed', 'on_rent') and r.return_date between s.today and s.tomorrow
    )
    select * from (
      select m.*, row_number() over (partition by kind, day order by time, id) as position,
        (count(*) over (partition by kind, day))::int as total
      from m
    ) ranked
    where position <= ${MOVEMENTS_SHOWN}
    order by kind, day, time, id`,
  );
  const list = (kind: MovementRow["kind"], day: MovementRow["day"]): MovementList => {
    const matching = rows.filter((row) => row.kind === kind && row.day === day);
    return {
      total: matching[0]?.total ?? 0,
      items: matching.map((row) => ({
        id: row.id,
        reference: row.reference,
        landing_id: row.landing_id,
        status: row.status,
        customer: `${row.name} ${row.last_name}`.trim(),
        vehicle: row.vehicle_name,
        date: row.date,
        time: row.time,
        place: row.place,
        express: Boolean(row.express),
      })),
    };
  };
  return {
    today: { pickups: list("pickup", "today"), returns: list("return", "today") },
    tomorrow: { pickups: list("pickup", "tomorrow"), returns: list("return", "tomorrow") },
  };
}

type MoneyRow = {
  currency: string;
  revenue_cents: number;
  bookings: number;
  last_revenue_cents: number;
  last_bookings: number;
};
export type MonthFigures = {
  currency: string;
  revenue_cents: number;
  bookings: number;
  last_month_revenue_cents: number;
  last_month_bookings: number;
  received_cents: number;
  received_at_counter_cents: number;
};

/**
 * This month's and last month's confirmed business by pickup date (BOOKED_STATUSES, picked
 * up or to be picked up in that month of each landing's calendar, however long ago it was booked),
 * per currency: amounts in different currencies are never added. A rental checked in counts with
 * the return's charges, as Clientes counts it. `bookings` counts the
 * reservations the revenue comes from. Every landing's currency is listed, with zeros.
 */
async function monthFigures(db: Database, scope: ScopedLanding[]): Promise<MonthFigures[]> {
  const rows = await rowsOf<MoneyRow>(
    db,
    sql`
    select r.currency,
      coalesce(sum(${rentalCents}) filter (where r.pickup_date >= s.month_start), 0)::float8 as revenue_cents,
      (count(*) filter (where r.pickup_date >= s.month_start))::int as bookings,
      coalesce(sum(${rentalCents}) filter (where r.pickup_date < s.month_start), 0)::float8 as last_revenue_cents,
      (count(*) filter (where r.pickup_date < s.month_start))::int as last_bookings
    from reservations r join ${scopeTable(scope)} on s.landing_id = r.landing_id ${withInvoice}
    where r.status in ${[...BOOKED_STATUSES]}
      and r.pickup_date >= s.last_month_start and r.pickup_date < s.next_month_start
    group by r.currency`,
  );
  const received = await receivedThisMonth(db, scope);
  const byCurrency = new Map<string, MonthFigures>();
  for (const landing of scope) {
    byCurrency.set(landing.currency, {
      currency: landing.currency,
      revenue_cents: 0,
      bookings: 0,
      last_month_revenue_cents: 0,
      last_month_bookings: 0,
      ...(received.get(landing.currency) ?? NOTHING_RECEIVED),
    });
  }
  for (const row of rows) {
    byCurrency.set(row.currency, {
      currency: row.currency,
      revenue_cents: Number(row.revenue_cents),
      bookings: Number(row.bookings),
      last_month_revenue_cents: Number(row.last_revenue_cents),
      last_month_bookings: Number(row.last_bookings),
      ...(received.get(row.currency) ?? NOTHING_RECEIVED),
    });
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

type Received = Pick<MonthFigures, "received_cents" | "received_at_counter_cents">;
const NOTHING_RECEIVED: Received = { received_cents: 0, received_at_counter_cents: 0 };

/**
 * The money that came in this month of each landing's calendar, per currency, by the day the ledger
 * recorded it. Through the site and by transfer (issue 27): card payments, transfers the owner
 * marked received (an awaited one, or one recorded by hand, `server/counter/received.ts`) and
 * deposit captures, less refunds made. At the counter (issue 28): what the owner recorded as taken
 * there in cash or on their own card terminal, less what they gave back by hand of it. Money given
 * back by hand (a refund of provider "manual") comes out of the booking's counter money first, as
 * far as the counter took any (less the hand refunds before it), and out of the rest for the rest:
 * cash taken and given back at the counter never lowers the money received through the site, and a
 * transfer given back still does. One undone is voided, and counted nowhere.
 */
async function receivedThisMonth(db: Database, scope: ScopedLanding[]): Promise<Map<string, Received>> {
  const rows = await rowsOf<{ currency: string } & Received>(
    db,
    sql`
    select upper(p.currency) as currency,
      coalesce(sum(case when p.kind = 'refund' then -(p.amount_cents - h.from_counter) else p.amount_cents end)
        filter (where p.kind <> 'received' or p.method = 'transfer'), 0)::float8 as received_cents,
      (coalesce(sum(p.amount_cents) filter (where p.kind = 'received' and p.method is distinct from 'transfer'), 0)
        - coalesce(sum(h.from_counter), 0))::float8 as received_at_counter_cents
    from payments p join ${scopeTable(scope)} on s.landing_id = p.landing_id
    cross join lateral (
      select case when p.kind = 'refund' and p.provider = 'manual' then least(p.amount_cents, greatest(0,
        (select coalesce(sum(r.amount_cents), 0) from payments r
          where r.reservation_id = p.reservation_id and r.kind = 'received' and r.status = 'succeeded'
            and r.method is distinct from 'transfer')
        - (select coalesce(sum(e.amount_cents), 0) from payments e
          where e.reservation_id = p.reservation_id and e.kind = 'refund' and e.provider = 'manual'
            and e.status = 'succeeded' and e.id < p.id)))
      else 0 end as from_counter
    ) h
    where p.status = 'succeeded' and p.kind in ('charge', 'transfer', 'capture', 'refund', 'received')
      and (p.created_at at time zone s.time_zone)::date >= s.month_start::date
      and (p.created_at at time zone s.time_zone)::date < s.next_month_start::date
    group by upper(p.currency)`,
  );
  return new Map(
    rows.map((row) => [
      row.currency,
      { received_cents: Number(row.received_cents), received_at_counter_cents: Number(row.received_at_counter_cents) },
    ]),
  );
}

export type Utilisation = { booked_unit_days: number; available_unit_days: number; percent: number | null };

/**
 * Fleet utilisation this month: the unit-days booked by reservations going ahead or done
 * (pending, or BOOKED_STATUSES), each counted on the days from its pickup date up to its return
 * date (a same-day rental counts one day) that fall in the month, over the units of the landings'
 * vehicles times the days of the month. A vehicle deleted since takes its bookings out too.
 */
async function utilisation(db: Database, scope: ScopedLanding[]): Promise<Utilisation> {
  const [row] = await rowsOf<{ booked: number; available: number }>(
    db,
    sql`
    with s as (select * from ${scopeTable(scope)})
    select
      (select coalesce(sum(greatest(0,
          least(greatest(r.return_date::date, r.pickup_date::date + 1), s.next_month_start::date)
          - greatest(r.pickup_date::date, s.month_start::date))), 0)
        from reservations r join s on s.landing_id = r.landing_id join vehicles v on v.id = r.vehicle_id
        where r.status in ${["pending", ...BOOKED_STATUSES]}
          and r.pickup_date < s.next_month_start and r.return_date >= s.month_start)::float8 as booked,
      (select coalesce(sum(v.units * s.days_in_month), 0)
        from vehicles v join s on s.landing_id = v.landing_id)::float8 as available`,
  );
  const booked = Number(row?.booked ?? 0);
  const available = Number(row?.available ?? 0);
  return {
    booked_unit_days: booked,
    available_unit_days: available,
    percent: available === 0 ? null : Math.round((booked * 1000) / available) / 10,
  };
}

export type BookedCounts = { this_month: number; last_month: number };

/**
 * Reservations made this month and last month (by the day each was made, in its landing's
 * calendar), whatever their pickup date, cancelled ones left out: the same bookings as the
 * "bookings per day" chart. Counts add up across currencies.
 */
async function bookedCounts(db: Database, scope: ScopedLanding[], now: Date): Promise<BookedCounts> {
  // Two months and a day of slack bound the scan; the exact days are each landing's local dates.
  const since = new Date(now.getTime() - 64 * 86_400_000);
  const [row] = await rowsOf<{ this_month: number; last_month: number }>(
    db,
    sql`
    select
      (count(*) filter (where d.day >= d.month_start))::int as this_month,
      (count(*) filter (where d.day < d.month_start))::int as last_month
    from (
      select to_char(r.created_at at time zone s.time_zone, 'YYYY-MM-DD') as day,
        s.month_start, s.last_month_start, s.next_month_start
      from reservations r join ${scopeTable(scope)} on s.landing_id = r.landing_id
      where r.status <> 'cancelled' and r.created_at >= ${since.toISOString()}::timestamptz
    ) d
    where d.day >= d.last_month_start and d.day < d.next_month_start`,
  );
  return { this_month: Number(row?.this_month ?? 0), last_month: Number(row?.last_month ?? 0) };
}

export type Upcoming = { currency: string; revenue_cents: number; bookings: number };

/**
 * Confirmed revenue still ahead: confirmed reservations whose pickup time has not come yet,
 * whatever month it falls in, per currency (every landing's currency listed, with zeros).
 */
async function upcomingRevenue(db: Database, scope: ScopedLanding[], now: Date): Promise<Upcoming[]> {
  const rows = await rowsOf<{ currency: string; revenue_cents: number; bookings: number }>(
    db,
    sql`
    select r.currency, coalesce(sum(r.total_cents), 0)::float8 as revenue_cents, count(*)::int as bookings
    from reservations r join ${scopeTable(scope)} on s.landing_id = r.landing_id
    where r.status = 'confirmed' and r.pickup_at > ${now.toISOString()}::timestamptz
      -- Implied (a return comes after its pickup), and what bounds the read of the bookings still
      -- going ahead to those not yet returned, in their index's order.
      and r.return_at > ${now.toISOString()}::timestamptz
    group by r.currency`,
  );
  const byCurrency = new Map<string, Upcoming>();
  for (const landing of scope)
    byCurrency.set(landing.currency, { currency: landing.currency, revenue_cents: 0, bookings: 0 });
  for (const row of rows) {
    byCurrency.set(row.currency, {
      currency: row.currency,
      revenue_cents: Number(row.revenue_cents),
      bookings: Number(row.bookings),
    });
  }
  return [...byCurrency.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

async function pendingCount(db: Database, scope: ScopedLanding[]): Promise<number> {
  const [row] = await rowsOf<{ pending: number }>(
    db,
    sql`select count(*)::int as pending
      from reservations r join ${scopeTable(scope)} on s.landing_id = r.landing_id
      where r.status = 'pending'`,
  );
  return Number(row?.pending ?? 0);
}

export type CounterFigures = { out_now: number; due_back_today: number; overdue: number };

/** Cars out on rent (issue 28): all of them, those due back today on their landing's clock, and those late. */
async function counterFigures(db: Database, scope: ScopedLanding[], now: Date): Promise<CounterFigures> {
  const [row] = await rowsOf<CounterFigures>(
    db,
    sql`select count(*)::int as out_now,
        (count(*) filter (where r.return_date = s.today))::int as due_back_today,
        (count(*) filter (where r.return_at <= ${now.toISOString()}::timestamptz))::int as overdue
      from reservations r join ${scopeTable(scope)} on s.landing_id = r.landing_id
      where r.status = 'on_rent'`,
  );
  return {
    out_now: Number(row?.out_now ?? 0),
    due_back_today: Number(row?.due_back_today ?? 0),
    overdue: Number(row?.overdue ?? 0),
  };
}

const noMovements = (): MovementList => ({ total: 0, items: [] });

/** The home page's figures for the landings in scope (see the functions above for each definition). */
export async function loadSummary(db: Database, scope: ScopedLanding[], now: Date) {
  if (scope.length === 0) {
    return {
      today: { pickups: noMovements(), returns: noMovements() },
      tomorrow: { pickups: noMovements(), returns: noMovements() },
      pending: 0,
      counter: { out_now: 0, due_back_today: 0, overdue: 0 } as CounterFigures,
      booked: { this_month: 0, last_month: 0 } as BookedCounts,
      month: [] as MonthFigures[],
      upcoming: [] as Upcoming[],
      utilisation: { booked_unit_days: 0, available_unit_days: 0, percent: null } as Utilisation,
    };
  }
  const [moves, pending, counter, booked, month, upcoming, used] = await Promise.all([
    movements(db, scope),
    pendingCount(db, scope),
    counterFigures(db, scope, now),
    bookedCounts(db, scope, now),
    monthFigures(db, scope),
    upcomingRevenue(db, scope, now),
    utilisation(db, scope),
  ]);
  return { ...moves, pending, counter, booked, month, upcoming, utilisation: used };
}
