ALTER TABLE "landing_addons" ADD COLUMN "kind" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "landing_addons" ADD COLUMN "max_quantity" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "landing_addons" ADD CONSTRAINT "landing_addons_max_quantity_check" CHECK ("landing_addons"."max_quantity" between 1 and 20);--> statement-breakpoint
ALTER TABLE "landing_addons" ADD CONSTRAINT "landing_addons_kind_check" CHECK ("landing_addons"."kind" in ('coverage', 'child_seat', 'equipment', 'driver', 'other'));--> statement-breakpoint
-- Add-ons saved before kinds existed: the coverages a new landing started with, and what reads as
-- one, are taken once; child seats are told apart. Anything else stays "other" with the old limit.
UPDATE "landing_addons" SET "kind" = 'coverage', "max_quantity" = 1
  WHERE "name" ~* '(seguro|cobertura|exenci[oó]n|insurance|coverage|waiver)';--> statement-breakpoint
UPDATE "landing_addons" SET "kind" = 'child_seat', "max_quantity" = 3
  WHERE "kind" = 'other' AND "name" ~* '(silla|beb[eé]|booster|child seat|baby seat|car seat)';
