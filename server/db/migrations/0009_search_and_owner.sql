-- Owner reads at scale (issue 12): each reservation carries its landing's owner, so an owner's
-- list reads one index in order, and the search has a trigram index (pg_trgm, trusted since
-- PostgreSQL 13; PGlite loads it as an extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "owner_id" integer;--> statement-breakpoint
UPDATE "reservations" SET "owner_id" = "landings"."owner_id" FROM "landings" WHERE "landings"."id" = "reservations"."landing_id";--> statement-breakpoint
ALTER TABLE "reservations" ALTER COLUMN "owner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reservations_owner_created_idx" ON "reservations" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reservations_search_idx" ON "reservations" USING gin (("name" || ' ' || "last_name" || E'\x1f' || "email" || E'\x1f' || "phone" || E'\x1f' || "reference" || E'\x1f' || "vehicle_name") gin_trgm_ops);
