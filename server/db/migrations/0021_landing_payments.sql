CREATE TABLE "landing_payments" (
	"landing_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"provider" text,
	"account_id" text,
	"account_name" text,
	"test_mode" boolean,
	"secret_key_sealed" text,
	"secret_key_hint" text,
	"publishable_key" text,
	"webhook_secret_sealed" text,
	"checked_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "landing_payments" ADD CONSTRAINT "landing_payments_landing_id_landings_id_fk" FOREIGN KEY ("landing_id") REFERENCES "public"."landings"("id") ON DELETE cascade ON UPDATE no action;