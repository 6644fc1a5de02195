-- Issue 23. A booking's amounts become 64-bit (one rewrite of each table, not one per column).
ALTER TABLE "reservation_addons" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "reservations"
  ALTER COLUMN "rental_cents" SET DATA TYPE bigint,
  ALTER COLUMN "addons_cents" SET DATA TYPE bigint,
  ALTER COLUMN "subtotal_cents" SET DATA TYPE bigint,
  ALTER COLUMN "tax_cents" SET DATA TYPE bigint,
  ALTER COLUMN "total_cents" SET DATA TYPE bigint,
  ALTER COLUMN "cancellation_fee_cents" SET DATA TYPE bigint,
  ALTER COLUMN "discount_cents" SET DATA TYPE bigint,
  ALTER COLUMN "fees_cents" SET DATA TYPE bigint,
  ALTER COLUMN "deposit_cents" SET DATA TYPE bigint,
  ALTER COLUMN "list_total_cents" SET DATA TYPE bigint,
  -- The request an Idempotency-Key was first used with.
  ADD COLUMN "idempotency_fingerprint" text;--> statement-breakpoint
-- One Message-ID per queued email, fixed now (every existing row gets its own).
ALTER TABLE "outbox" ADD COLUMN "message_id" text DEFAULT gen_random_uuid()::text NOT NULL;
