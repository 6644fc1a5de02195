ALTER TABLE "reservations" ADD COLUMN "rules_override_reason" text;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "rules_overridden" jsonb;--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "unit" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "unit_labels" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_unit_check" CHECK ("reservations"."unit" >= 1);