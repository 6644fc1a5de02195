import { sql } from "drizzle-orm";
import {
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

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    avatar: text("avatar"),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_lower_idx").on(sql`lower(${t.email})`)],
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

/** Failed logins, keyed by account (`email:...`) and by address (`ip:...`), for throttling. */
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
    name: text("name").notNull(),
    logo: text("logo").notNull(),
    colorPrimary: text("color_primary").notNull(),
    colorSecondary: text("color_secondary").notNull(),
    defaultLanguage: text("default_language").notNull(),
    metaTitle: text("meta_title").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    metaKeywords: text("meta_keywords").notNull().default(""),
    ogTitle: text("og_title").notNull().default(""),
    ogDescription: text("og_description").notNull().default(""),
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
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Unique across the platform, trash included: a trashed landing can come back under its name.
    uniqueIndex("landings_name_idx").on(t.name),
    index("landings_owner_idx").on(t.ownerId),
    check("landings_status_check", sql`${t.status} in ('draft', 'published')`),
    check("landings_language_check", sql`${t.defaultLanguage} in ('es', 'en')`),
  ],
);

/** Extras a visitor can add to a rental, priced per day (SPEC §9; PRODUCT §3). */
export const landingAddons = pgTable(
  "landing_addons",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    landingId: integer("landing_id")
      .notNull()
      .references(() => landings.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [
    index("landing_addons_landing_idx").on(t.landingId),
    check("landing_addons_price_check", sql`${t.priceCents} >= 0`),
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
    priceCents: integer("price_cents").notNull(),
    luggage: integer("luggage").notNull(),
    people: integer("people").notNull(),
    typeOfCar: text("type_of_car").notNull(),
    transmission: text("transmission").notNull(),
    brand: text("brand").notNull().default(""),
    commissionsCents: integer("commissions_cents").notNull().default(0),
    units: integer("units").notNull().default(1),
    bluetooth: boolean("bluetooth").notNull().default(false),
    siriusxm: boolean("siriusxm").notNull().default(false),
    gps: boolean("gps").notNull().default(false),
    automatic: boolean("automatic").notNull().default(false),
    appleCar: boolean("apple_car").notNull().default(false),
    /** Free-form features typed by the owner: [{ name (lowercase), value }]. */
    features: jsonb("features").$type<{ name: string; value: string }[]>().notNull().default([]),
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
    createdAt: createdAt(),
  },
  (t) => [index("locations_landing_idx").on(t.landingId)],
);
