-- Inicio at scale (issue 12): a landing's month by its wall-clock dates, and its pending bookings, read as index ranges.
CREATE INDEX "reservations_landing_pickup_date_idx" ON "reservations" USING btree ("landing_id","pickup_date");--> statement-breakpoint
CREATE INDEX "reservations_landing_return_date_idx" ON "reservations" USING btree ("landing_id","return_date");--> statement-breakpoint
CREATE INDEX "reservations_landing_pending_idx" ON "reservations" USING btree ("landing_id") WHERE "reservations"."status" = 'pending';