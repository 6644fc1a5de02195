-- The rental counter (issue 28): a booking goes out on rent when checked out and comes back returned
-- when checked in (a customer who never came is a no-show); each handover keeps the vehicle's state,
-- a landing keeps its counter's rules, and a check-in issues the rental's invoice, numbered per landing.
CREATE TABLE "invoice_counters" (
	"landing_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "invoices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"landing_id" integer NOT NULL,
	"reservation_id" integer NOT NULL,
	"number" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"booking_cents" bigint NOT NULL,
	"charges_cents" bigint NOT NULL,
	"charges_tax_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rental_handovers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_handovers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reservation_id" integer NOT NULL,
	"landing_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"odometer_km" integer NOT NULL,
	"fuel_eighths" integer NOT NULL,
	"marks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"drivers" jsonb,
	"items" jsonb,
	"cleaning" boolean DEFAULT false NOT NULL,
	"charges" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_handovers_kind_check" CHECK ("rental_handovers"."kind" in ('out', 'in')),
	CONSTRAINT "rental_handovers_fuel_check" CHECK ("rental_handovers"."fuel_eighths" between 0 and 8),
	CONSTRAINT "rental_handovers_odometer_check" CHECK ("rental_handovers"."odometer_km" >= 0)
);
--> statement-breakpoint
ALTER TABLE "reservations" DROP CONSTRAINT "reservations_status_check";--> statement-breakpoint
ALTER TABLE "landings" ADD COLUMN "counter_rules" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_landing_id_landings_id_fk" FOREIGN KEY ("landing_id") REFERENCES "public"."landings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_landing_id_landings_id_fk" FOREIGN KEY ("landing_id") REFERENCES "public"."landings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_handovers" ADD CONSTRAINT "rental_handovers_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_handovers" ADD CONSTRAINT "rental_handovers_landing_id_landings_id_fk" FOREIGN KEY ("landing_id") REFERENCES "public"."landings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_landing_number_idx" ON "invoices" USING btree ("landing_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_reservation_idx" ON "invoices" USING btree ("reservation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_handovers_reservation_kind_idx" ON "rental_handovers" USING btree ("reservation_id","kind");--> statement-breakpoint
CREATE INDEX "reservations_landing_on_rent_idx" ON "reservations" USING btree ("landing_id") WHERE "reservations"."status" = 'on_rent';--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_status_check" CHECK ("reservations"."status" in ('awaiting_payment', 'pending', 'confirmed', 'on_rent', 'returned', 'completed', 'cancelled', 'no_show'));