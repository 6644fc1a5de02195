-- A landing's bookings still going ahead (its cards and the trash's guard) counted from an index of those
-- alone, by return, so only the ones not yet returned are read, never the landing's whole history (owner
-- reads at scale, docs/performance.md). "landing_id is not null" keeps a vehicle's availability check off it.
CREATE INDEX "reservations_landing_active_idx" ON "reservations" USING btree ("landing_id","return_at") WHERE "reservations"."status" in ('awaiting_payment', 'pending', 'confirmed', 'on_rent') and "reservations"."landing_id" is not null;