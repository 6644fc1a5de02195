CREATE TABLE "calendar_feeds" (
	"landing_id" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"landing_id" integer NOT NULL,
	"day" text NOT NULL,
	"page" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_views_landing_id_day_page_pk" PRIMARY KEY("landing_id","day","page")
);
--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "source" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "list_total_cents" integer;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "price_override_reason" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_landing_id_landings_id_fk" FOREIGN KEY ("landing_id") REFERENCES "public"."landings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_landing_id_landings_id_fk" FOREIGN KEY ("landing_id") REFERENCES "public"."landings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE INDEX "reservations_landing_pickup_idx" ON "reservations" USING btree ("landing_id","pickup_at");--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_source_check" CHECK ("reservations"."source" in ('public', 'manual'));--> statement-breakpoint
-- /dashboard and /planner are the dashboard's now: a landing already published at one of them keeps
-- its site at a free name beside it (its owner sees the new address in the dashboard).
UPDATE "landings" SET "name" = "name" || '-site' WHERE "name" IN ('dashboard', 'planner');
