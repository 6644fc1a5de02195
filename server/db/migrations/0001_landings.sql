CREATE TABLE "landing_addons" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landing_addons_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"landing_id" integer NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "landing_addons_price_check" CHECK ("landing_addons"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "landings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"logo" text NOT NULL,
	"color_primary" text NOT NULL,
	"color_secondary" text NOT NULL,
	"default_language" text NOT NULL,
	"meta_title" text DEFAULT '' NOT NULL,
	"meta_description" text DEFAULT '' NOT NULL,
	"meta_keywords" text DEFAULT '' NOT NULL,
	"og_title" text DEFAULT '' NOT NULL,
	"og_description" text DEFAULT '' NOT NULL,
	"og_image" text,
	"favicon" jsonb,
	"robots" text DEFAULT 'index, follow' NOT NULL,
	"canonical_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"time_zone" text DEFAULT 'America/Santo_Domingo' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"tax_label" text DEFAULT 'ITBIS' NOT NULL,
	"tax_rate_bp" integer DEFAULT 1800 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landings_status_check" CHECK ("landings"."status" in ('draft', 'published')),
	CONSTRAINT "landings_language_check" CHECK ("landings"."default_language" in ('es', 'en'))
);
--> statement-breakpoint
ALTER TABLE "landing_addons" ADD CONSTRAINT "landing_addons_landing_id_landings_id_fk" FOREIGN KEY ("landing_id") REFERENCES "public"."landings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landings" ADD CONSTRAINT "landings_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landing_addons_landing_idx" ON "landing_addons" USING btree ("landing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "landings_name_idx" ON "landings" USING btree ("name");--> statement-breakpoint
CREATE INDEX "landings_owner_idx" ON "landings" USING btree ("owner_id");