import type { CancellationPolicy } from "@domain/cancellation";
import type { CounterDepositMethod, CounterRules, DamageMark, DriverInput, ReturnCorrection } from "@domain/counter";
import type { DocumentSettings } from "@domain/documents";
import type { LandingTextField } from "@domain/landings";
import type { PaymentPlan, PaymentSettings } from "@domain/payments";
import type { FeeLine, LanguageNames, RentalLine } from "@domain/pricing";
import type { SkippedRule } from "@domain/rental-checks";
import type { LandingRules, VehicleRules, WeekHours } from "@domain/rental-rules";
import type { ReservationSnapshot } from "@domain/reservation-changes";
import type { ReturnCharges } from "@domain/return-charges";
import type { Translations } from "@domain/translations";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { folded } from "./search";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A booking's amounts in cents, 64-bit: a year of an expensive vehicle with add-ons passes 2^31
 * cents (US$21 million is far, RD$21 million is not). Read as JS numbers, exact up to 2^53.
 */
const money = (name: string) => bigint(name, { mode: "number" });

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    avatar: text("avatar"),
    passwordHash: text("password_hash").notNull(),
    /** The dashboard's language, chosen by the owner: their own emails and calendar feed are in it (PRODUCT §6). */
    language: text("language").notNull().default("es"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`),
    check("users_language_check", sql`${t.language} in ('es', 'en')`),
  ],
);

/** A signed-in session. Only the SHA-256 of the token is kept, so a database leak signs no one in. */
export const sessions = pgTable(
  "sessions",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("sessions_token_hash_idx").on(t.tokenHash),
    index("sessions_user_idx").on(t.userId),
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);

/**
 * Links that let an owner choose a new password (issue 25.20). Like sessions, only the SHA-256 of
 * the emailed token is kept; a link works once (its row is deleted when used) and expires.
 */
export const passwordResets = pgTable(
  "password_resets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("password_resets_token_hash_idx").on(t.tokenHash),
    index("password_resets_user_idx").on(t.userId),
    index("password_resets_expires_idx").on(t.expiresAt),
  ],
);

/** Failed logins, keyed by account (`email:...`) and by address (`ip:...`), for throttling. */
/**
 * Rate-limit counters shared by every instance (issue 13): hits per key in a fixed window. Used
 * when no REDIS_URL is set; old windows are pruned as new ones are counted.
 */
export const rateLimitCounts = pgTable(
  "rate_limit_counts",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_counts_window_idx").on(t.windowStart)],
);

export const loginFailures = pgTable(
  "login_failures",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("login_failures_key_idx").on(t.key, t.failedAt)],
);

/** A landing: one owner's branded booking site, public at /{name} once published. */
export const landings = pgTable(
  "landings",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The slug: the public address `/{name}` (SPEC §5). */
    name: text("name").notNull(),
    /** The business name exactly as the owner typed it (PRODUCT §3). */
    displayName: text("display_name").notNull(),
    logo: text("logo").notNull(),
    colorPrimary: text("color_primary").notNull(),
    colorSecondary: text("color_secondary").notNull(),
    defaultLanguage: text("default_language").notNull(),
    metaTitle: text("meta_title").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    metaKeywords: text("meta_keywords").notNull().default(""),
    ogTitle: text("og_title").notNull().default(""),
    ogDescription: text("og_description").notNull().default(""),
    /** The SEO texts in the other language than `default_language` (domain/translations.ts). */
    translations: jsonb("translations").$type<Translations<LandingTextField>>().notNull().default({}),
    ogImage: text("og_image"),
    /** Favicon PNGs by pixel size ("32", "180", "192"): storage paths. */
    favicon: jsonb("favicon").$type<Record<string, string>>(),
    robots: text("robots").notNull().default("index, follow"),
    canonicalUrl: text("canonical_url").notNull().default(""),
    status: text("status").notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    timeZone: text("time_zone").notNull().default("America/Santo_Domingo"),
    currency: text("currency").notNull().default("USD"),
    taxLabel: text("tax_label").notNull().default("ITBIS"),
    taxRateBasisPoints: integer("tax_rate_bp").notNull().default(1800),
    /** Bumped by every owner edit of the landing or its SEO: a save made at an older version is refused. */
    version: integer("version").notNull().default(1),
    /**
     * Bumped by database triggers in the same transaction as any change a visitor could see (the
     * landing, its add-ons, locations, vehicles, photos and features), so cached public pages keyed
     * by it are never stale, on any instance. See migration 0005.
     */
    contentVersion: integer("content_version").notNull().default(1),
    /** Rental rules (issue 10), read through `landingRulesOf` so a missing key takes its default. */
    rules: jsonb("rules").$type<Partial<LandingRules>>().notNull().default({}),
    /** The counter's rules (issue 28), read through `counterRulesOf` so a missing key takes its default. */
    counterRules: jsonb("counter_rules").$type<Partial<CounterRules>>().notNull().default({}),
    /** The operator's legal details and the agreement's terms (issue 28), read through `documentSettingsOf`. */
    documentSettings: jsonb("document_settings").$type<Partial<DocumentSettings>>().notNull().default({}),
    /**
     * The owner's own domain (e.g. reservas.flotasol.com) serving this landing at `/` once verified;
     * lowercase. Until then it is only a claim: any number of landings may claim a name, one verifies it.
     */
    customDomain: text("custom_domain"),
    /** The value the domain's TXT record `_nelly.{domain}` must hold to prove the owner controls it. */
    customDomainToken: text("custom_domain_token"),
    /** When that record was found: from then on the domain serves this landing; null while pending. */
    customDomainVerifiedAt: timestamp("custom_domain_verified_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Unique across the platform, trash included: a trashed landing can come back under its name.
    uniqueIndex("landings_name_idx").on(t.name),
    // One landing per verified domain on the whole platform, trash included; claims may repeat.
    uniqueIndex("landings_custom_domain_idx").on(t.customDomain).where(sql`${t.customDomainVerifiedAt} is not null`),
    index("landings_owner_idx").on(t.ownerId),
    check("landings_status_check", sql`${t.status} in ('draft', 'published')`),
    check("landings_language_check", sql`${t.defaultLanguage} in ('es', 'en')`),
  ],
);

/** Extras a visitor can add to a rental, priced per day (SPEC §9; PRODUCT §3). */
/**
 * Addresses a landing went by before the owner renamed it. Emailed booking links and shared links
 * still lead to the landing (redirected to its address now), and nobody else can take them while
 * it exists: they stay taken like its current name (PRODUCT §3).
 */
export const landingFormerNames = pgTable(
  "landing_former_names",
  {
    name: text("name").primaryKey(),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    retiredAt: timestamp("retired_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("landing_former_names_landing_idx").on(t.landingId)],
);

export const landingAddons = pgTable(
  "landing_addons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    /** One of domain/addons.ts ADDON_KINDS: the add-on's icon; a coverage is taken once. */
    kind: text("kind").notNull().default("other"),
    /** The most of this add-on one booking may take (1 for a coverage). */
    maxQuantity: integer("max_quantity").notNull().default(20),
    /** The name in the other language than the landing's (domain/translations.ts). */
    translations: jsonb("translations").$type<Translations<"name">>().notNull().default({}),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("landing_addons_landing_idx").on(t.landingId),
    check("landing_addons_price_check", sql`${t.priceCents} >= 0`),
    check("landing_addons_max_quantity_check", sql`${t.maxQuantity} between 1 and 20`),
    check("landing_addons_kind_check", sql`${t.kind} in ('coverage', 'child_seat', 'equipment', 'driver', 'other')`),
  ],
);

/** A vehicle class offered for rent on one landing; `units` identical cars can be out at once. */
export const vehicles = pgTable(
  "vehicles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** The description in the other language than the landing's (domain/translations.ts). */
    translations: jsonb("translations").$type<Translations<"description">>().notNull().default({}),
    priceCents: integer("price_cents").notNull(),
    luggage: integer("luggage").notNull(),
    people: integer("people").notNull(),
    typeOfCar: text("type_of_car").notNull(),
    transmission: text("transmission").notNull(),
    brand: text("brand").notNull().default(""),
    commissionsCents: integer("commissions_cents").notNull().default(0),
    units: integer("units").notNull().default(1),
    /**
     * Each unit's plate or name (issue 25.22), unit 1 first; "" or missing: none, shown as its
     * number. Never longer than `units`; unique per vehicle without regard to case.
     */
    unitLabels: jsonb("unit_labels").$type<string[]>().notNull().default([]),
    bluetooth: boolean("bluetooth").notNull().default(false),
    siriusxm: boolean("siriusxm").notNull().default(false),
    gps: boolean("gps").notNull().default(false),
    automatic: boolean("automatic").notNull().default(false),
    appleCar: boolean("apple_car").notNull().default(false),
    /** Free-form features typed by the owner: [{ name (lowercase), value }]. */
    features: jsonb("features").$type<{ name: string; value: string }[]>().notNull().default([]),
    /** Seasons, deposit and overrides of the landing's rules (issue 10); missing keys take their defaults. */
    rules: jsonb("rules").$type<Partial<VehicleRules>>().notNull().default({}),
    /** Bumped by every edit of the vehicle's fields: a save made at an older version is refused. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("vehicles_landing_idx").on(t.landingId),
    check("vehicles_price_check", sql`${t.priceCents} > 0`),
    check("vehicles_units_check", sql`${t.units} >= 1`),
  ],
);

/** A vehicle photo: re-encoded WebP variants by width; position 0 is the cover. */
export const vehicleImages = pgTable(
  "vehicle_images",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** Storage paths by width ("480", "960", "1600"). */
    variants: jsonb("variants").$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("vehicle_images_vehicle_idx").on(t.vehicleId, t.position)],
);

/** An owner's catalogue of special features (heated seats, ...), assignable to their vehicles. */
export const specialFeatures = pgTable(
  "special_features",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** Its name and description in the other language, as the owner wrote them (none: `{}`). */
    translations: jsonb("translations").$type<Translations<"name" | "description">>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("special_features_owner_name_idx").on(t.ownerId, sql`lower(${t.name})`)],
);

export const vehicleSpecialFeatures = pgTable(
  "vehicle_special_features",
  {
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    specialFeatureId: integer("special_feature_id")
      .notNull()
      .references(() => specialFeatures.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.vehicleId, t.specialFeatureId] })],
);

/** A pickup/return pair offered on a landing. */
export const locations = pgTable(
  "locations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    placeOfDeparture: text("place_of_departure").notNull(),
    arrivalPlace: text("arrival_place").notNull(),
    /** Charged when a rental picks up at one place of the pair and returns at the other. */
    oneWayFeeCents: integer("one_way_fee_cents").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("locations_landing_idx").on(t.landingId),
    check("locations_one_way_fee_check", sql`${t.oneWayFeeCents} >= 0`),
  ],
);

/**
 * A place's opening hours (Sunday first; null = closed that day) and its after-hours fee (null:
 * outside hours is refused). A place without a row is always open. Places are named by the
 * landing's locations, matched without regard to case.
 */
export const placeRules = pgTable(
  "place_rules",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    place: text("place").notNull(),
    hours: jsonb("hours").$type<WeekHours>().notNull(),
    afterHoursFeeCents: integer("after_hours_fee_cents"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("place_rules_landing_place_idx").on(t.landingId, sql`lower(${t.place})`)],
);

/**
 * `units` cars of a vehicle out of service (maintenance) for whole days: from the first date's
 * 00:00 to the day after the last, in the landing's zone. Counted in availability like bookings.
 */
export const vehicleBlocks = pgTable(
  "vehicle_blocks",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    vehicleId: integer("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    units: integer("units").notNull().default(1),
    startsOn: text("starts_on").notNull(),
    endsOn: text("ends_on").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [
    index("vehicle_blocks_vehicle_period_idx").on(t.vehicleId, t.startsAt, t.endsAt),
    check("vehicle_blocks_units_check", sql`${t.units} >= 1`),
    check("vehicle_blocks_period_check", sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * One of an owner's customers (issue 28.7): a person who booked on any of the owner's landings,
 * recognised by the emails and phones in `customer_contacts`. Name, email and phone are those of
 * their latest booking. Erasing their personal data (`erased_at`) empties the record and removes
 * their contacts, so the row stays only to hold their bookings' amounts together.
 */
export const customers = pgTable(
  "customers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    /** The owner's own notes, never shown to the customer. */
    notes: text("notes").notNull().default(""),
    /** "Do not rent": their next booking on any of the owner's landings is refused. */
    doNotRent: boolean("do_not_rent").notNull().default(false),
    /** Why, for the owner only. */
    doNotRentReason: text("do_not_rent_reason").notNull().default(""),
    doNotRentAt: timestamp("do_not_rent_at", { withTimezone: true }),
    /** When their latest booking was made: the list's order. */
    lastBookedAt: timestamp("last_booked_at", { withTimezone: true }).notNull().defaultNow(),
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /** Bumped by every owner edit (notes, the flag): a save made at an older version is refused. */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customers_owner_last_booked_idx").on(t.ownerId, t.lastBookedAt, t.id)],
);

/**
 * The emails and phones a customer booked with, as bookings are matched on them
 * (`domain/customers.ts`: `emailKey`, `phoneKey`): one customer per email and per phone of an owner.
 */
export const customerContacts = pgTable(
  "customer_contacts",
  {
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    value: text("value").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.ownerId, t.kind, t.value] }),
    index("customer_contacts_customer_idx").on(t.customerId),
    check("customer_contacts_kind_check", sql`${t.kind} in ('email', 'phone')`),
  ],
);

/**
 * A booking of one vehicle class for a period. Pickup and return are kept as the landing's wall
 * clock (what people read) and as instants (what overlap checks compare). The vehicle's name,
 * cover photo and the whole price are copied in, so later edits never change a booking.
 */
/**
 * What the owner's search looks in, as one text: the customer's name, email and phone (as typed
 * and as its digits alone, so "809-555-4004" finds "8095554004"), the reference and the vehicle.
 * The unit separator between fields keeps a search from matching across two of them; a space joins
 * first and last name, so "María Peña" is found.
 */
export const reservationSearchText = (t: {
  name: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  phone: AnyPgColumn;
  reference: AnyPgColumn;
  vehicleName: AnyPgColumn;
}) =>
  sql`${t.name} || ' ' || ${t.lastName} || E'\\x1f' || ${t.email} || E'\\x1f' || ${t.phone} || E'\\x1f' || regexp_replace(${t.phone}, '[^0-9]', '', 'g') || E'\\x1f' || ${t.reference} || E'\\x1f' || ${t.vehicleName}`;

export const reservations = pgTable(
  "reservations",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    // The landing's owner, copied here (a landing never changes hands) so that an owner's list and
    // search read one index in order instead of every reservation of every landing of theirs.
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    /** Null once the vehicle is deleted; the booking keeps its copy of the name and photo. */
    vehicleId: integer("vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
    /** The customer it belongs to (issue 28.7), set by the booking; null only for rows written outside it. */
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    reference: text("reference").notNull(),
    status: text("status").notNull().default("pending"),
    vehicleName: text("vehicle_name").notNull(),
    vehicleImage: text("vehicle_image"),
    placeOfDeparture: text("place_of_departure").notNull(),
    arrivalPlace: text("arrival_place").notNull(),
    pickupDate: text("pickup_date").notNull(),
    pickupTime: text("pickup_time").notNull(),
    returnDate: text("return_date").notNull(),
    returnTime: text("return_time").notNull(),
    pickupAt: timestamp("pickup_at", { withTimezone: true }).notNull(),
    returnAt: timestamp("return_at", { withTimezone: true }).notNull(),
    people: integer("people").notNull(),
    bags: integer("bags").notNull(),
    name: text("name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    description: text("description").notNull().default(""),
    language: text("language").notNull(),
    days: integer("days").notNull(),
    pricePerDayCents: integer("price_per_day_cents").notNull(),
    rentalCents: money("rental_cents").notNull(),
    addonsCents: money("addons_cents").notNull(),
    subtotalCents: money("subtotal_cents").notNull(),
    taxLabel: text("tax_label").notNull(),
    taxRateBasisPoints: integer("tax_rate_bp").notNull(),
    taxCents: money("tax_cents").notNull(),
    totalCents: money("total_cents").notNull(),
    currency: text("currency").notNull(),
    cancellationFeeCents: money("cancellation_fee_cents"),
    /** The price's lines as they were (issue 10): rental by season, discount, fees. */
    discountCents: money("discount_cents").notNull().default(0),
    discountBasisPoints: integer("discount_bp").notNull().default(0),
    feesCents: money("fees_cents").notNull().default(0),
    priceLines: jsonb("price_lines").$type<{ rental: RentalLine[]; fees: FeeLine[] }>(),
    /** Held at pickup, never charged online. */
    depositCents: money("deposit_cents").notNull().default(0),
    driverBirthDate: text("driver_birth_date"),
    /** The cancellation policy in force when it was booked: the fee is the one the customer agreed to. */
    cancellationPolicy: jsonb("cancellation_policy").$type<CancellationPolicy>(),
    /** A retried submit with the same key answers the first booking instead of booking twice. */
    idempotencyKey: text("idempotency_key"),
    /**
     * SHA-256 of the request the key was first used with: the same key with other values is refused
     * rather than answered with this booking (issue 23).
     */
    idempotencyFingerprint: text("idempotency_fingerprint"),
    /**
     * SHA-256 of the secret in the customer's link to their reservation page: only the customer's
     * email (and the first answer) holds the token itself.
     */
    customerTokenHash: text("customer_token_hash"),
    /**
     * Express pickup (issue 28.6): the drivers and licences the customer entered before coming to
     * the counter, and when they finished it (drivers and the agreement signed); the SHA-256 of each
     * secret the booking's later emails carried (its confirmation, the 48-hour reminder), which open
     * the customer's page like the first; and when the reminder went.
     */
    expressDrivers: jsonb("express_drivers").$type<DriverInput[]>(),
    expressCompletedAt: timestamp("express_completed_at", { withTimezone: true }),
    linkTokenHashes: jsonb("link_token_hashes").$type<string[]>().notNull().default([]),
    expressRemindedAt: timestamp("express_reminded_at", { withTimezone: true }),
    /**
     * Whether the customer gets the express pickup's 48-hour reminder: not when the owner took the
     * booking at the desk without emailing the customer its confirmation ("Enviar al cliente el
     * correo" left unticked), since Nelly then writes to that customer only about what the owner does.
     */
    expressReminder: boolean("express_reminder").notNull().default(true),
    /** Where the booking came from: the public site, or the owner for a customer who called or wrote. */
    source: text("source").notNull().default("public"),
    /**
     * A manual booking's price can be agreed by the owner: then `total_cents` is the agreed total,
     * this is what the rules priced, and the reason says why (both null otherwise).
     */
    listTotalCents: money("list_total_cents"),
    priceOverrideReason: text("price_override_reason"),
    /**
     * A manual booking made against the owner's own rules (issue 25.13): why, and the rules it
     * skipped as they were worded (both null otherwise). Availability is never skipped.
     */
    rulesOverrideReason: text("rules_override_reason"),
    rulesOverridden: jsonb("rules_overridden").$type<SkippedRule[]>(),
    /**
     * The unit (1..the vehicle's units) the owner put this booking on (issue 25.22), or null: the
     * planner deals it onto a free one. Two active bookings on one unit never overlap.
     */
    unit: integer("unit"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * Who cancelled (issue 25): the owner (a pending one cancelled by the owner was declined) or the
     * customer; null before, and for cancellations made before this was kept.
     */
    cancelledBy: text("cancelled_by"),
    /** Bumped by every change and move: a change made at an older version is refused (issue 25.21). */
    version: integer("version").notNull().default(1),
    /**
     * How this booking is paid (issue 27), as the landing's settings said when it was made: what is
     * paid when booking and how, what is left for the counter, the deposit. Null: all at pickup.
     */
    paymentPlan: jsonb("payment_plan").$type<PaymentPlan>(),
    /** A booking awaiting payment holds its unit until then; past it, the unit is free again. */
    paymentDueAt: timestamp("payment_due_at", { withTimezone: true }),
    /** The provider's checkout the customer pays on, and its page (to send them back to it). */
    checkoutId: text("checkout_id"),
    checkoutUrl: text("checkout_url"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reservations_reference_idx").on(t.reference),
    uniqueIndex("reservations_idempotency_idx").on(t.landingId, t.idempotencyKey),
    // The owner's lists, all landings or one: newest first, a page at a time.
    index("reservations_owner_created_idx").on(t.ownerId, t.createdAt, t.id),
    index("reservations_landing_created_idx").on(t.landingId, t.createdAt, t.id),
    // The owner's search: trigrams of what a search looks in, so a rare name is found without a scan.
    index("reservations_search_idx").using("gin", sql`(${folded(reservationSearchText(t))}) gin_trgm_ops`),
    // Availability: the bookings of one vehicle that reach into a period. By return first, so a
    // check reads only the bookings not yet returned by the period's start, never the vehicle's
    // whole history (issue 29: ordered by pickup, each booking read every booking before it).
    index("reservations_vehicle_return_idx").on(t.vehicleId, t.returnAt, t.pickupAt),
    // ... and a car still out on rent past its return, which holds its unit until it is back.
    index("reservations_vehicle_on_rent_idx").on(t.vehicleId).where(sql`${t.status} = 'on_rent'`),
    // The desk: a landing's pickups, returns and revenue by date.
    index("reservations_landing_pickup_idx").on(t.landingId, t.pickupAt),
    // Inicio's figures read a landing's month by the dates on its wall clock, and its pending
    // bookings: each an index range, not every booking the landing ever had (issue 12).
    index("reservations_landing_pickup_date_idx").on(t.landingId, t.pickupDate),
    index("reservations_landing_return_date_idx").on(t.landingId, t.returnDate),
    index("reservations_landing_pending_idx").on(t.landingId).where(sql`${t.status} = 'pending'`),
    // Inicio's counter figures (issue 28): the few cars out on rent, not every booking of the landing.
    index("reservations_landing_on_rent_idx").on(t.landingId).where(sql`${t.status} = 'on_rent'`),
    // A landing's bookings still going ahead (its cards and the trash's guard): read from the index
    // alone, and only those not yet returned, never the landing's whole history (owner reads at
    // scale: 26 ms → 2 ms for 50,000 bookings). The statuses are ACTIVE_STATUSES
    // (domain/reservations.ts). "landing_id is not null" (always true) keeps a vehicle's
    // availability check, which names the same statuses but no landing, from using this index in
    // place of reservations_vehicle_return_idx: PostgreSQL uses a partial index only for a query
    // that implies its whole condition, and a count by landing does.
    index("reservations_landing_active_idx")
      .on(t.landingId, t.returnAt)
      .where(
        sql`${t.status} in ('awaiting_payment', 'pending', 'confirmed', 'on_rent') and ${t.landingId} is not null`,
      ),
    // A customer's bookings, newest first (issue 28.7).
    index("reservations_customer_created_idx").on(t.customerId, t.createdAt),
    check("reservations_source_check", sql`${t.source} in ('public', 'manual')`),
    check("reservations_unit_check", sql`${t.unit} >= 1`),
    check(
      "reservations_status_check",
      sql`${t.status} in ('awaiting_payment', 'pending', 'confirmed', 'on_rent', 'returned', 'completed', 'cancelled', 'no_show')`,
    ),
    check("reservations_period_check", sql`${t.returnAt} > ${t.pickupAt}`),
    check("reservations_cancelled_by_check", sql`${t.cancelledBy} in ('owner', 'customer', 'unpaid')`),
    // The sweep of unpaid holds: the few bookings waiting for their payment, by when it is due.
    index("reservations_awaiting_payment_idx").on(t.paymentDueAt).where(sql`${t.status} = 'awaiting_payment'`),
    // The payments sweep's other rounds, every half minute (server/payments/sweep.ts): read from
    // the few bookings they can concern, not every booking ever made (issue 29: at 500,000 bookings
    // the two scans took 0.6 s of PostgreSQL every half minute; sweep-plans.test.ts). Keyed by
    // neither `updated_at` nor anything else every change writes, so ordinary updates stay HOT.
    // Cancellations still to settle, by when they were cancelled ...
    index("reservations_cancelled_idx").on(t.cancelledAt).where(sql`${t.status} = 'cancelled'`),
    // ... no-shows, whose deposit may still be held ...
    index("reservations_no_show_idx").on(t.id).where(sql`${t.status} = 'no_show'`),
    // ... and confirmed bookings whose deposit is held on the card before pickup, by pickup.
    index("reservations_deposit_hold_idx")
      .on(t.pickupAt)
      .where(sql`${t.status} = 'confirmed' and ${t.paymentPlan}->>'depositHold' in ('before_pickup', 'at_booking')`),
  ],
);

/**
 * The rental counter (issue 28): a booking's check-out (`out`) and check-in (`in`), each once, with
 * the vehicle's state then. A check-out names the drivers and what was handed over; a check-in
 * keeps the extra charges as they were priced, so a later change of the owner's rules never
 * rewrites a return already made.
 */
export const rentalHandovers = pgTable(
  "rental_handovers",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** When the car left or came back (a check-in may be recorded after the fact). */
    at: timestamp("at", { withTimezone: true }).notNull(),
    odometerKm: integer("odometer_km").notNull(),
    fuelEighths: integer("fuel_eighths").notNull(),
    marks: jsonb("marks").$type<DamageMark[]>().notNull().default([]),
    note: text("note").notNull().default(""),
    drivers: jsonb("drivers").$type<DriverInput[]>(),
    items: jsonb("items").$type<string[]>(),
    cleaning: boolean("cleaning").notNull().default(false),
    charges: jsonb("charges").$type<ReturnCharges>(),
    /**
     * A check-in's charges as the customer accepted them on the screen (issue 28.4): when, by whom,
     * their signature (private store), and what was then taken from the deposit held on the card.
     */
    chargesAcceptedAt: timestamp("charges_accepted_at", { withTimezone: true }),
    chargesAcceptedBy: text("charges_accepted_by"),
    chargesSignaturePath: text("charges_signature_path"),
    chargesFromDepositCents: money("charges_from_deposit_cents").notNull().default(0),
    /**
     * A check-out's deposit taken at the counter (cash, or a card on the owner's own terminal): what
     * and how, given back at the return less the charges the customer accepts. 0 and null when none
     * was taken, or the deposit is held on the card through the provider instead.
     */
    depositCents: money("deposit_cents").notNull().default(0),
    depositMethod: text("deposit_method").$type<CounterDepositMethod>(),
    /** A check-in's corrections ("Corregir devolución"), each with the return as it stood before it. */
    corrections: jsonb("corrections").$type<ReturnCorrection[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("rental_handovers_reservation_kind_idx").on(t.reservationId, t.kind),
    check(
      "rental_handovers_deposit_check",
      sql`(${t.depositCents} = 0 and ${t.depositMethod} is null) or (${t.depositCents} > 0 and ${t.depositMethod} in ('cash', 'card'))`,
    ),
    check("rental_handovers_kind_check", sql`${t.kind} in ('out', 'in')`),
    check("rental_handovers_fuel_check", sql`${t.fuelEighths} between 0 and 8`),
    check("rental_handovers_odometer_check", sql`${t.odometerKm} >= 0`),
  ],
);

/**
 * Photos taken at the counter (issue 28.2): a driver's licence and a damage mark's close-up,
 * decoded and re-encoded on upload, kept in the private documents store (never a public address)
 * and shown to the owner through their booking only. A photo is kept once a record names it (a
 * check-out, a check-in, the drivers saved for express pickup): `attached_at` is set in the
 * transaction that writes that record. One never named (a retake, a form left unsent) is removed
 * when replaced or a day after it was taken, and does not count toward the booking's photos.
 */
export const rentalPhotos = pgTable(
  "rental_photos",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    path: text("path").notNull(),
    /** When a check-out, a check-in or the express pickup's drivers first named it; null while none does. */
    attachedAt: timestamp("attached_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("rental_photos_reservation_idx").on(t.reservationId),
    // The sweep of uploads no record named: the few waiting, by when they were taken.
    index("rental_photos_unattached_idx").on(t.createdAt).where(sql`${t.attachedAt} is null`),
    check("rental_photos_kind_check", sql`${t.kind} in ('licence', 'damage')`),
  ],
);

/**
 * A rental agreement as the customer signed it (issue 28.3): the PDF drawn at signing, kept in the
 * private documents store with its SHA-256. Never updated: a correction is signed as the next
 * version, and every version stays.
 */
export const rentalAgreements = pgTable(
  "rental_agreements",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    language: text("language").notNull(),
    signerName: text("signer_name").notNull(),
    signedAt: timestamp("signed_at", { withTimezone: true }).notNull(),
    path: text("path").notNull(),
    sha256: text("sha256").notNull(),
    /**
     * The landing's counter rules the agreement states as the return's rates, as they were at
     * signing: the check-in prices the return with those of the last version signed, so its charges
     * are what the customer signed for. Null for versions signed before the agreement listed them.
     */
    counterRules: jsonb("counter_rules").$type<Partial<CounterRules>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("rental_agreements_reservation_version_idx").on(t.reservationId, t.version),
    check("rental_agreements_language_check", sql`${t.language} in ('es', 'en')`),
  ],
);

/**
 * The last invoice number of each landing (issue 28.5): taken by an upsert that locks the row, in
 * the transaction that writes the invoice, so numbers follow each other with no gap and no
 * duplicate however many check-ins run at once (a rolled-back check-in gives its number back).
 */
export const invoiceCounters = pgTable("invoice_counters", {
  landingId: integer("landing_id")
    .primaryKey()
    .references(() => landings.id, { onDelete: "cascade" }),
  lastNumber: integer("last_number").notNull(),
});

/**
 * A rental's invoice, issued at its check-in (issue 28.5): its number in the landing's sequence and
 * the amounts as they were then (the booking's total, the return's charges and their tax).
 */
export const invoices = pgTable(
  "invoices",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    currency: text("currency").notNull(),
    bookingCents: money("booking_cents").notNull(),
    chargesCents: money("charges_cents").notNull(),
    chargesTaxCents: money("charges_tax_cents").notNull(),
    totalCents: money("total_cents").notNull(),
    /** The customer's tax id (RNC or cédula) and the fiscal receipt number (NCF), when given at check-in. */
    customerTaxId: text("customer_tax_id").notNull().default(""),
    ncf: text("ncf").notNull().default(""),
    /** The invoice's PDF in the private documents store; null until it is first drawn. */
    path: text("path"),
  },
  (t) => [
    uniqueIndex("invoices_landing_number_idx").on(t.landingId, t.number),
    uniqueIndex("invoices_reservation_idx").on(t.reservationId),
  ],
);

/**
 * The history of a booking's changes (issue 25.21): what it was and what it became, each time the
 * owner changed its dates, vehicle, places, extras, driver or price. The old price stays here.
 */
export const reservationChanges = pgTable(
  "reservation_changes",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull(),
    before: jsonb("before").$type<ReservationSnapshot>().notNull(),
    after: jsonb("after").$type<ReservationSnapshot>().notNull(),
  },
  (t) => [index("reservation_changes_reservation_idx").on(t.reservationId, t.changedAt)],
);

/** The add-ons of a booking, with the name and price they had when it was made. */
export const reservationAddons = pgTable(
  "reservation_addons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    /** The landing add-on it came from; add-on lists are replaced on edit, so no foreign key. */
    addonId: integer("addon_id"),
    /** In the booking's language, as its emails and the owner's lists say it. */
    name: text("name").notNull(),
    /** In every language as the landing had it when booked; null for a line from before (migration 0035). */
    names: jsonb("names").$type<LanguageNames>(),
    priceCents: integer("price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    totalCents: money("total_cents").notNull(),
  },
  (t) => [index("reservation_addons_reservation_idx").on(t.reservationId)],
);

/**
 * Email waiting to be sent, written in the same transaction as the change it reports, so no
 * booking is ever lost to a mail failure. The worker claims due rows, sends outside any
 * transaction, and retries with backoff.
 */
/** A file sent with an email: its name for the recipient and where it lives in the private documents store. */
export type MailAttachment = { filename: string; path: string; contentType: string };

export const outbox = pgTable(
  "outbox",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    kind: text("kind").notNull(),
    reservationId: integer("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    recipient: text("recipient").notNull(),
    /**
     * Fixed when the message is queued: a message sent again after a crash is the same message
     * (one `Message-ID`) to every mail client, which shows it once.
     */
    messageId: text("message_id").notNull().default(sql`gen_random_uuid()::text`),
    /**
     * Who the message says it is from, by name (the landing's, for its customers; null: MAIL_FROM's
     * own), and where a reply goes (the operator's email for a customer, the customer's for the
     * operator). The address stays MAIL_FROM's, which the mail server may send for (issue 24.11).
     */
    fromName: text("from_name"),
    replyTo: text("reply_to"),
    /** Files sent with the message (an agreement, an invoice): paths in the private documents store. */
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While a worker sends it, no other worker may claim it. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // The worker's claim walks the pending messages in queue order and stops at the first due one:
    // a backlog (a mail server down for an hour) costs each claim a step, not a scan of the backlog.
    index("outbox_pending_idx").on(t.id).where(sql`${t.status} = 'pending'`),
    check("outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/**
 * The secret of a landing's calendar feed (`/api/calendar/{token}.ics`): a read-only capability the
 * owner pastes into Google or Apple Calendar, regenerated to revoke it. Kept apart from `landings`
 * so that regenerating it is not a change visitors could see (see the content-version triggers).
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    landingId: integer("landing_id")
      .primaryKey()
      .references(() => landings.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("calendar_feeds_token_idx").on(t.token)],
);

/**
 * Page views of the public site per landing, page and day (the landing's calendar day): counts
 * only, no cookie, no address, nothing about the visitor.
 */
export const pageViews = pgTable(
  "page_views",
  {
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    page: text("page").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.landingId, t.day, t.page] })],
);

/**
 * How a landing's bookings are paid (issue 27) and the operator's own payment account. Apart from
 * `landings` so that nothing that reads a landing (the public pages, the dashboard's lists) ever
 * holds a sealed key. Keys are sealed by server/payments/secrets.ts; only their last characters
 * are kept in the clear, to show which key is connected.
 */
export const landingPayments = pgTable("landing_payments", {
  landingId: integer("landing_id")
    .primaryKey()
    .references(() => landings.id, { onDelete: "cascade" }),
  settings: jsonb("settings").$type<PaymentSettings>().notNull(),
  provider: text("provider"),
  accountId: text("account_id"),
  accountName: text("account_name"),
  testMode: boolean("test_mode"),
  secretKeySealed: text("secret_key_sealed"),
  secretKeyHint: text("secret_key_hint"),
  publishableKey: text("publishable_key"),
  webhookSecretSealed: text("webhook_secret_sealed"),
  /** When the keys last answered a test call. */
  checkedAt: timestamp("checked_at", { withTimezone: true }),
  version: integer("version").notNull().default(1),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The money of a booking (issue 27): every charge, hold, capture, release and refund, with the
 * provider's ids and the amount in cents. What a booking paid, holds, got back and still owes is
 * summed from here, never kept beside it.
 */
export const payments = pgTable(
  "payments",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    reservationId: integer("reservation_id")
      .notNull()
      .references(() => reservations.id, { onDelete: "cascade" }),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    status: text("status").notNull(),
    amountCents: money("amount_cents").notNull(),
    currency: text("currency").notNull(),
    /** "stripe", or "manual" for what the owner records (a transfer received). */
    provider: text("provider").notNull(),
    /** The provider's id of the payment, refund or hold; with `kind`, each is recorded once. */
    providerId: text("provider_id"),
    /** The charge a refund, capture or release belongs to (the payment intent's id). */
    paymentId: text("payment_id"),
    /** Why it moved, as a code: "cancelled", "no_show" (a deposit released), "lapsed", or "owner" (the owner's own words in `note`). */
    reason: text("reason"),
    /** The owner's reason for a refund, capture or release they made, told to the customer; or their note on money they received. */
    note: text("note"),
    /** Money the owner took or gave back by hand ("received", or a "manual" refund): how it changed hands. */
    method: text("method"),
    /** A failed refund is tried again: how many times, and when next. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
    /** A hold lapses with the provider after this. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /**
     * Money recorded by hand that the owner undid (recorded by mistake): the row stays, status
     * "voided", counted nowhere, shown struck through with when it was undone.
     */
    voidedAt: timestamp("voided_at", { withTimezone: true }),
    /**
     * When the provider made it (its status became "succeeded"): a refund that failed and was made
     * on a later try went back then, not when it was asked (`created_at`), and is dated so.
     */
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("payments_reservation_idx").on(t.reservationId, t.id),
    uniqueIndex("payments_provider_idx").on(t.provider, t.kind, t.providerId),
    index("payments_retry_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'failed' and ${t.nextAttemptAt} is not null`),
    // The sweep's refunds, captures and releases never answered: the few pending rows, not every
    // payment ever taken (issue 29: a scan of the whole table every half minute, sweep-plans.test.ts).
    index("payments_pending_idx").on(t.kind).where(sql`${t.status} = 'pending'`),
    check(
      "payments_kind_check",
      sql`${t.kind} in ('charge', 'hold', 'capture', 'release', 'refund', 'transfer', 'received')`,
    ),
    check("payments_method_check", sql`${t.method} in ('cash', 'card', 'transfer')`),
    check("payments_status_check", sql`${t.status} in ('pending', 'succeeded', 'failed', 'voided')`),
    // Only what the owner recorded by hand is undone, and an undone row says when.
    check(
      "payments_voided_check",
      sql`(${t.status} = 'voided') = (${t.voidedAt} is not null) and (${t.status} <> 'voided' or ${t.provider} = 'manual')`,
    ),
    check("payments_amount_check", sql`${t.amountCents} >= 0`),
  ],
);

/** The provider's webhook events already handled: a duplicate is answered and does nothing again. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    // Per landing: an event another operator signed with their own secret never hides this one's.
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.landingId, t.eventId] })],
);
