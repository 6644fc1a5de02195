DROP INDEX "landings_custom_domain_idx";--> statement-breakpoint
ALTER TABLE "landings" ADD COLUMN "custom_domain_token" text;--> statement-breakpoint
ALTER TABLE "landings" ADD COLUMN "custom_domain_verified_at" timestamp with time zone;--> statement-breakpoint
-- Domains attached before verification existed were already served: they stay verified.
UPDATE "landings" SET "custom_domain_verified_at" = now() WHERE "custom_domain" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "landings_custom_domain_idx" ON "landings" USING btree ("custom_domain") WHERE "landings"."custom_domain_verified_at" is not null;
