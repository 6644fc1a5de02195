-- A rental's documents (issue 28): the agreement signed at pickup (every version kept, never changed), the
-- invoice's PDF and the customer's tax id and NCF, photos of licences and damage, the landing's legal details
-- and terms, files sent with an email, the return's charges as the customer accepted them, and express pickup.
CREATE TABLE "rental_agreements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_agreements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reservation_id" integer NOT NULL,
	"landing_id" integer NOT NULL,
	"version" integer NOT NULL,
	"language" text NOT NULL,
	"signer_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"path" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_agreements_language_check" CHECK ("rental_agreements"."language" in ('es', 'en'))
);
--> statement-breakpoint
CREATE TABLE "rental_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rental_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"reservation_id" integer NOT NULL,
	"landing_id" integer NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_photos_kind_check" CHECK ("rental_photos"."kind" in ('licence', 'damage'))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "customer_tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "ncf" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "path" text;--> statement-breakpoint
ALTER TABLE "landings" ADD COLUMN "document_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "rental_handovers" ADD COLUMN "charges_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rental_handovers" ADD COLUMN "charges_accepted_by" text;--> statement-breakpoint
ALTER TABLE "rental_handovers" ADD COLUMN "charges_signature_path" text;--> statement-breakpoint
ALTER TABLE "rental_handovers" ADD COLUMN "charges_from_deposit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "express_drivers" jsonb;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "express_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "link_token_hashes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "express_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rental_agreements" ADD CONSTRAINT "rental_agreements_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_agreements" ADD CONSTRAINT "rental_agreements_landing_id_landings_id_fk" FOREIGN KEY ("landing_id") REFERENCES "public"."landings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_photos" ADD CONSTRAINT "rental_photos_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_photos" ADD CONSTRAINT "rental_photos_landing_id_landings_id_fk" FOREIGN KEY ("landing_id") REFERENCES "public"."landings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rental_agreements_reservation_version_idx" ON "rental_agreements" USING btree ("reservation_id","version");--> statement-breakpoint
CREATE INDEX "rental_photos_reservation_idx" ON "rental_photos" USING btree ("reservation_id");