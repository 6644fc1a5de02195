CREATE TABLE "landing_former_names" (
	"name" text PRIMARY KEY NOT NULL,
	"landing_id" integer NOT NULL,
	"retired_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "landing_former_names" ADD CONSTRAINT "landing_former_names_landing_id_landings_id_fk" FOREIGN KEY ("landing_id") REFERENCES "public"."landings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "landing_former_names_landing_idx" ON "landing_former_names" USING btree ("landing_id");