ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'es' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" in ('es', 'en'));--> statement-breakpoint
-- Owners who had a landing read its emails in its language until now: they keep that one (their first landing's).
UPDATE "users" SET "language" = "first"."default_language"
FROM (
  SELECT DISTINCT ON ("owner_id") "owner_id", "default_language" FROM "landings" ORDER BY "owner_id", "id"
) AS "first"
WHERE "first"."owner_id" = "users"."id";
