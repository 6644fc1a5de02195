import { emailKey, fullName, phoneKey } from "@domain/customers";
import { and, eq, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "../db/database";
import { insertRows, preparedPerTransaction, sqlPerTransaction } from "../db/prepared";
import { customerContacts, customers } from "../db/schema";
import { foldAccents } from "../db/search";
import { HttpError, ValidationError } from "../http/errors";

/** Who a booking is for, as it was typed. */
export type BookingContact = { name: string; lastName: string; email: string; phone: string };

/**
 * Who is booking, which decides how a "do not rent" flag refuses it: a visitor on the site is told
 * nothing but to get in touch (`site`); the owner at the desk is told the flag, by name (`desk`).
 */
export type BookingChannel = "site" | "desk";

export type LinkOptions = {
  channel: BookingChannel;
  /** When the booking was made: the customer's latest booking moves to it if it is later. */
  bookedAt: Date;
  /**
   * For a change of an existing booking: the customer it belongs to and the contact it was made
   * with. The flag refuses the next booking, not the ones already made: neither that customer's own
   * flag nor another's reached through the booking's own email or phone (a family's shared phone,
   * a walk's finding) refuses the change; one reached through an email or phone the change brings does.
   */
  current?: { customerId: number | null; contact: BookingContact };
};

type Key = { kind: "email" | "phone"; value: string };

function keysOf(contact: BookingContact): Key[] {
  const email = emailKey(contact.email);
  const phone = phoneKey(contact.phone);
  return [
    ...(email ? [{ kind: "email" as const, value: email }] : []),
    ...(phone ? [{ kind: "phone" as const, value: phone }] : []),
  ];
}

/** The first word of each name, without accents or case: "María José Peña" is "Maria". */
const sameFirstName = (a: string, b: string) => {
  const first = (name: string) => foldAccents(name.trim().split(/\s+/)[0] ?? "").toLowerCase();
  return first(a) === first(b);
};

/** The customer a booking belongs to, and the write that brings their details up to it. */
export type LinkedCustomer = {
  id: number;
  /**
   * Writes the booking's name, email and phone to the customer, and its contacts if no other
   * customer has them. Called last in the booking's transaction: it locks the customer's row until
   * the commit, and one customer's bookings at the same moment queue on that lock (issue 29: it
   * was taken first, and a customer's concurrent bookings queued for their whole transactions).
   */
  refresh(): Promise<void>;
};

/**
 * The customer a booking belongs to, inside the booking's own transaction (issue 28.7): the owner's
 * customer who booked with this email; else with this phone under the same first name; else a new
 * customer. Their name,
 * email and phone become this booking's, and the email and phone become theirs if no other
 * customer has them. A customer marked "do not rent" whose email or phone this is refuses the
 * booking (see `BookingChannel`), and then nothing is written. An erased customer has no
 * contacts left, so they match nothing and a new booking makes a new customer. `started` is
 * what `customerMatches` answered, when the caller started it already.
 */
export async function linkCustomer(
  tx: Database,
  ownerId: number,
  contact: BookingContact,
  options: LinkOptions,
  started?: CustomerMatch[],
): Promise<LinkedCustomer> {
  const keys = keysOf(contact);
  const matches = started ?? (await customerMatches(tx, ownerId, contact));
  const before = options.current ? keysOf(options.current.contact) : [];
  // An email or phone the booking already had, as typed again: a flag reached through it refuses nothing.
  const kept = (kind: string) =>
    before.some((key) => key.kind === kind && keys.some((typed) => typed.kind === kind && typed.value === key.value));
  const flagged = matches.find(
    (match) => match.doNotRent && match.customerId !== options.current?.customerId && !kept(match.kind),
  );
  if (flagged) {
    if (options.channel === "site") throw new HttpError(403, "bookingRefused");
    throw ValidationError.field(flagged.kind, "customerDoNotRent", { name: flagged.name });
  }
  const name = fullName(contact.name, contact.lastName);
  // A phone alone is someone's only under their first name: a hotel booking for its guests, or a
  // family sharing one phone, are different people, and each gets a customer of their own.
  const found =
    matches.find((match) => match.kind === "email") ??
    matches.find((match) => match.kind === "phone" && sameFirstName(match.name, name));
  // An email or phone a customer already has stays theirs (a returning customer's, usually: then
  // nothing is written); a new customer claims the others as they were written (`newCustomer`).
  const free = keys.filter((key) => !matches.some((match) => match.kind === key.kind));
  const linked = found
    ? { id: found.customerId, claimed: false }
    : await newCustomer(tx, ownerId, free, name, contact, options.bookedAt);
  const customerId = linked.id;
  const unclaimed = linked.claimed ? [] : free.filter((_key, index) => found !== undefined || index > 0);
  const refresh = async () => {
    if (!found) {
      await insertRows(
        tx,
        customerContacts,
        unclaimed.map((key) => ({ ownerId, ...key, customerId })),
        { onConflictDoNothing: true },
      );
      return;
    }
    // A desk booking without an email keeps the one they gave before.
    const email = contact.email.trim();
    const shape = `${email !== ""};${unclaimed.map((key) => key.kind).join(",")}`;
    await refreshQuery(tx, shape).execute({
      customerId,
      ownerId,
      name,
      email,
      phone: contact.phone.trim(),
      bookedAt: options.bookedAt.toISOString(),
      value0: unclaimed[0]?.value,
      value1: unclaimed[1]?.value,
    });
  };
  return { id: customerId, refresh };
}

/** One of the owner's customers who has the booking's email or phone (`kind`). */
export type CustomerMatch = { kind: string; customerId: number; name: string; doNotRent: boolean };

/**
 * The owner's customers who have the booking's email or phone, for `linkCustomer`: a booking
 * starts this statement with its vehicle's lock, in one write (`startTogether`, book.ts).
 */
export async function customerMatches(
  tx: Database,
  ownerId: number,
  contact: BookingContact,
): Promise<CustomerMatch[]> {
  const keys = keysOf(contact);
  if (keys.length === 0) return [];
  return matchesQuery(tx, keys.map((key) => key.kind).join(",")).execute({
    ownerId,
    value0: keys[0]?.value,
    value1: keys[1]?.value,
  });
}

const at = sql.placeholder;

/** The owner's customers with the booking's email or phone (`kinds`: which of the two it has). */
const matchesQuery = preparedPerTransaction((tx: Database, kinds: string) => {
  return tx
    .select({
      kind: customerContacts.kind,
      customerId: customers.id,
      name: customers.name,
      doNotRent: customers.doNotRent,
    })
    .from(customerContacts)
    .innerJoin(customers, eq(customers.id, customerContacts.customerId))
    .where(
      and(
        eq(customerContacts.ownerId, at("ownerId")),
        eq(customers.ownerId, at("ownerId")),
        or(
          ...kinds
            .split(",")
            .map((kind, index) =>
              and(eq(customerContacts.kind, kind as Key["kind"]), eq(customerContacts.value, at(`value${index}`))),
            ),
        ),
      ),
    );
});

/**
 * The booking's details written to the customer it matched, and the contacts it gave that no
 * customer has yet claimed for them, in one statement (a round trip fewer a booking, issue 29).
 * `shape` is "withEmail;kinds": `withEmail` false keeps their email; `kinds` are the contacts'
 * (`value0`, `value1`), one another booking claimed meanwhile staying theirs.
 */
const refreshQuery = preparedPerTransaction((tx: Database, shape: string) => {
  const [withEmail, kinds] = shape.split(";");
  const update = tx
    .update(customers)
    .set({
      name: sql`${at("name")}`,
      ...(withEmail === "true" && { email: sql`${at("email")}` }),
      phone: sql`${at("phone")}`,
      lastBookedAt: sql`greatest(${customers.lastBookedAt}, ${at("bookedAt")}::timestamptz)`,
      updatedAt: sql`${at("bookedAt")}::timestamptz`,
    })
    .where(and(eq(customers.id, at("customerId")), eq(customers.ownerId, at("ownerId"))));
  if (!kinds) return update;
  // A data-modifying WITH runs to its end whether or not the statement reads it.
  const refreshed = tx.$with("refreshed").as(update.returning({ id: customers.id }));
  return tx
    .with(refreshed)
    .insert(customerContacts)
    .values(
      kinds.split(",").map((kind, index) => ({
        ownerId: at("ownerId"),
        kind: kind as Key["kind"],
        value: at(`value${index}`),
        customerId: at("customerId"),
      })),
    )
    .onConflictDoNothing();
});

/**
 * A new customer for a booking that matched none, with the booking's email and phone claimed as
 * theirs, in one statement (three before: a round trip each, issue 29). Two first bookings of one
 * person at the same moment both get here; the later to claim the email (or, without one, the
 * phone) finds it taken once the other commits, and joins that customer instead of keeping a
 * second one (`claimed` false: the contacts are still to claim for them).
 */
async function newCustomer(
  tx: Database,
  ownerId: number,
  keys: Key[],
  name: string,
  contact: BookingContact,
  bookedAt: Date,
): Promise<{ id: number; claimed: boolean }> {
  const [first] = keys;
  const [made] = (
    await newCustomerQuery(tx, keys.map((key) => key.kind).join(",")).execute({
      ownerId,
      name,
      email: contact.email.trim(),
      phone: contact.phone.trim(),
      bookedAt,
      value0: keys[0]?.value,
      value1: keys[1]?.value,
    })
  ).rows;
  if (!made) throw new Error("the customer was not written");
  if (!first || made.claimed) return { id: made.id, claimed: true };
  const [winner] = await tx
    .select({ customerId: customerContacts.customerId })
    .from(customerContacts)
    .where(
      and(
        eq(customerContacts.ownerId, ownerId),
        eq(customerContacts.kind, first.kind),
        eq(customerContacts.value, first.value),
      ),
    );
  if (!winner) throw new Error("a customer contact was claimed and is gone");
  await tx.delete(customers).where(and(eq(customers.id, made.id), eq(customers.ownerId, ownerId)));
  return { id: winner.customerId, claimed: false };
}

/**
 * `newCustomer`'s statement for `kinds`, the contacts the booking gave ("email,phone", "phone",
 * ""): the customer, then the first contact for them unless another customer has it, then the
 * second only if the first was claimed. A data-modifying WITH runs to its end whether or not the
 * statement reads it, and each reads the rows the one before it wrote.
 */
const newCustomerQuery = sqlPerTransaction<string, { id: number; claimed: boolean }>((tx, kinds) => {
  const [first, second] = kinds ? kinds.split(",") : [];
  const created = tx
    .insert(customers)
    .values({
      ownerId: at("ownerId"),
      name: at("name"),
      email: at("email"),
      phone: at("phone"),
      lastBookedAt: at("bookedAt"),
      createdAt: at("bookedAt"),
      updatedAt: at("bookedAt"),
    })
    .returning({ id: customers.id, ownerId: customers.ownerId });
  const claim = (kind: string, value: SQL, from: SQL) =>
    sql`insert into ${customerContacts} (owner_id, kind, value, customer_id)
      select owner_id, ${kind}::text, ${value}::text, ${from} on conflict do nothing returning owner_id, customer_id`;
  return sql.join(
    [
      sql`with created as (${created.getSQL()})`,
      first && sql`, claimed as (${claim(first, sql`${at("value0")}`, sql`id from created`)})`,
      second && sql`, also as (${claim(second, sql`${at("value1")}`, sql`customer_id from claimed`)})`,
      sql` select id, ${first ? sql`exists (select from claimed)` : sql`true`} as claimed from created`,
    ].filter((part): part is SQL => Boolean(part)),
  );
});
