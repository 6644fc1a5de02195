CREATE TABLE "place_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "place_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"landing_id" integer NOT NULL,
	"place" text NOT NULL,
	"hours" jsonb NOT NULL,
	"after_hours_fee_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vehicle_blocks" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vehicle_blocks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"vehicle_id" integer NOT NULL,
	"units" integer DEFAULT 1 NOT NULL,
	"starts_on" text NOT NULL,
	"ends_on" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_blocks_units_check" CHECK ("vehicle_blocks"."units" >= 1),
	CONSTRAINT "vehicle_blocks_period_check" CHECK ("vehicle_blocks"."ends_at" > "vehicle_blocks"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "landings" ADD COLUMN "rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "landings" ADD COLUMN "custom_domain" text;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "one_way_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "discount_bp" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "fees_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "price_lines" jsonb;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "deposit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "driver_birth_date" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "cancellation_policy" jsonb;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "place_rules" ADD CONSTRAINT "place_rules_landing_id_landings_id_fk" FOREIGN KEY ("landing_id") REFERENCES "public"."landings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicle_blocks" ADD CONSTRAINT "vehicle_blocks_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "place_rules_landing_place_idx" ON "place_rules" USING btree ("landing_id",lower("place"));--> statement-breakpoint
CREATE INDEX "vehicle_blocks_vehicle_period_idx" ON "vehicle_blocks" USING btree ("vehicle_id","starts_at","ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "landings_custom_domain_idx" ON "landings" USING btree ("custom_domain");--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_one_way_fee_check" CHECK ("locations"."one_way_fee_cents" >= 0);--> statement-breakpoint
-- Opening hours and fees show on the public pages: a change bumps the landing's content version.
CREATE TRIGGER place_rules_content_version AFTER INSERT OR UPDATE OR DELETE ON place_rules
  FOR EACH ROW EXECUTE FUNCTION bump_landing_of_row();
