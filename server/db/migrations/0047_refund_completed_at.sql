ALTER TABLE "payments" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
-- Movements made before the column: the last write of a succeeded row is when it was made (a
-- refund retried by the sweep was written succeeded on the try that made it).
UPDATE "payments" SET "completed_at" = "updated_at" WHERE "status" = 'succeeded';
