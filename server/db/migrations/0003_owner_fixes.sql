-- Existing landings get a display name from their slug ("renta-caribe" -> "Renta Caribe"); owners can then type the real one.
ALTER TABLE "landings" ADD COLUMN "display_name" text;--> statement-breakpoint
UPDATE "landings" SET "display_name" = initcap(replace("name", '-', ' '));--> statement-breakpoint
ALTER TABLE "landings" ALTER COLUMN "display_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "landings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;
