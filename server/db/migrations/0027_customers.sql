-- The owner's customers (issue 28.7): one record per person who booked, recognised by the emails and
-- phones they booked with (customer_contacts, one customer per email and per phone of an owner);
-- every reservation points at its customer. A customer can be marked "do not rent" and, on request,
-- erased (the record stays, emptied, to hold their bookings' amounts together).
CREATE TABLE "customer_contacts" (
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"customer_id" integer NOT NULL,
	CONSTRAINT "customer_contacts_owner_id_kind_value_pk" PRIMARY KEY("owner_id","kind","value"),
	CONSTRAINT "customer_contacts_kind_check" CHECK ("customer_contacts"."kind" in ('email', 'phone'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "customers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"do_not_rent" boolean DEFAULT false NOT NULL,
	"do_not_rent_reason" text DEFAULT '' NOT NULL,
	"do_not_rent_at" timestamp with time zone,
	"last_booked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"erased_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_contacts" ADD CONSTRAINT "customer_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_contacts_customer_idx" ON "customer_contacts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_owner_last_booked_idx" ON "customers" USING btree ("owner_id","last_booked_at","id");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_customer_created_idx" ON "reservations" USING btree ("customer_id","created_at");--> statement-breakpoint
-- ===== Hand-written from here (keep at the end of this migration when it is renumbered) =====
-- /customers is the dashboard's now: a landing already published there keeps its site at a free
-- name beside it (its owner sees the new address in the dashboard), as migration 0008 did.
UPDATE "landings"
SET "name" = CASE
  WHEN EXISTS (SELECT 1 FROM "landings" AS "other" WHERE "other"."name" = 'customers-site') THEN 'customers-site-' || "id"
  ELSE 'customers-site'
END
WHERE "name" = 'customers';--> statement-breakpoint
-- Backfill: every existing reservation gets its customer, oldest booking first per owner, by the
-- rule new bookings follow (server/customers/link.ts, domain/customers.ts): the customer who booked
-- with this email (trimmed, lower-cased); else with this phone (its digits, at least 6, the last 10);
-- else a new customer. The customer's name, email and phone become those of their latest booking,
-- and its email and phone become theirs unless another customer already has them.
DO $$
DECLARE
  r record;
  found_id integer;
  email_key text;
  phone_key text;
  full_name text;
BEGIN
  FOR r IN
    SELECT "id", "owner_id", "name", "last_name", "email", "phone", "created_at"
    FROM "reservations"
    ORDER BY "owner_id", "created_at", "id"
  LOOP
    email_key := nullif(lower(btrim(r."email")), '');
    phone_key := regexp_replace(r."phone", '[^0-9]', '', 'g');
    IF length(phone_key) < 6 THEN
      phone_key := NULL;
    ELSE
      phone_key := right(phone_key, 10);
    END IF;
    full_name := btrim(btrim(r."name") || ' ' || btrim(r."last_name"));
    found_id := NULL;
    IF email_key IS NOT NULL THEN
      SELECT "customer_id" INTO found_id FROM "customer_contacts"
      WHERE "owner_id" = r."owner_id" AND "kind" = 'email' AND "value" = email_key;
    END IF;
    IF found_id IS NULL AND phone_key IS NOT NULL THEN
      SELECT "customer_id" INTO found_id FROM "customer_contacts"
      WHERE "owner_id" = r."owner_id" AND "kind" = 'phone' AND "value" = phone_key;
    END IF;
    IF found_id IS NULL THEN
      INSERT INTO "customers" ("owner_id", "name", "email", "phone", "last_booked_at", "created_at", "updated_at")
      VALUES (r."owner_id", full_name, btrim(r."email"), btrim(r."phone"), r."created_at", r."created_at", r."created_at")
      RETURNING "id" INTO found_id;
    ELSE
      UPDATE "customers"
      SET "name" = full_name,
        "email" = CASE WHEN btrim(r."email") <> '' THEN btrim(r."email") ELSE "email" END,
        "phone" = btrim(r."phone"),
        "last_booked_at" = greatest("last_booked_at", r."created_at"),
        "updated_at" = greatest("updated_at", r."created_at")
      WHERE "id" = found_id;
    END IF;
    IF email_key IS NOT NULL THEN
      INSERT INTO "customer_contacts" ("owner_id", "kind", "value", "customer_id")
      VALUES (r."owner_id", 'email', email_key, found_id) ON CONFLICT DO NOTHING;
    END IF;
    IF phone_key IS NOT NULL THEN
      INSERT INTO "customer_contacts" ("owner_id", "kind", "value", "customer_id")
      VALUES (r."owner_id", 'phone', phone_key, found_id) ON CONFLICT DO NOTHING;
    END IF;
    UPDATE "reservations" SET "customer_id" = found_id WHERE "id" = r."id";
  END LOOP;
END $$;
