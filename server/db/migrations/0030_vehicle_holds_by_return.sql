-- A vehicle's availability reads its bookings not yet returned by the period's start: by return first, so a
-- check no longer reads every booking the vehicle ever had (issue 29). A car out on rent past its
-- return still holds its unit: those few are found by vehicle on their own.
DROP INDEX "reservations_vehicle_period_idx";--> statement-breakpoint
CREATE INDEX "reservations_vehicle_return_idx" ON "reservations" USING btree ("vehicle_id","return_at","pickup_at");--> statement-breakpoint
CREATE INDEX "reservations_vehicle_on_rent_idx" ON "reservations" USING btree ("vehicle_id") WHERE "reservations"."status" = 'on_rent';