-- A counter photo is kept once a record names it (a check-out's licences and marks, a check-in's marks, the
-- drivers saved for express pickup); uploads no record named (retakes, forms left unsent) are no longer shown,
-- no longer count toward a booking's 60 photos, and are removed a day after they were taken.
ALTER TABLE "rental_photos" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
-- The express pickup's 48-hour reminder goes only to customers Nelly emails about their booking: not to one
-- the owner booked at the desk without emailing the confirmation ("Enviar al cliente el correo" unticked).
ALTER TABLE "reservations" ADD COLUMN "express_reminder" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "rental_photos_unattached_idx" ON "rental_photos" USING btree ("created_at") WHERE "rental_photos"."attached_at" is null;--> statement-breakpoint
-- Every photo a record already names is kept, as of when it was taken.
UPDATE "rental_photos" SET "attached_at" = "rental_photos"."created_at"
WHERE EXISTS (
  SELECT 1 FROM "rental_handovers" h
  WHERE h."reservation_id" = "rental_photos"."reservation_id"
    AND (coalesce(h."drivers", '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('licence_photo_id', "rental_photos"."id"))
      OR h."marks" @> jsonb_build_array(jsonb_build_object('photo_id', "rental_photos"."id")))
) OR EXISTS (
  SELECT 1 FROM "reservations" r
  WHERE r."id" = "rental_photos"."reservation_id"
    AND coalesce(r."express_drivers", '[]'::jsonb) @> jsonb_build_array(jsonb_build_object('licence_photo_id', "rental_photos"."id"))
);--> statement-breakpoint
-- Desk bookings made so far: reminded only when their confirmation was emailed to the customer.
UPDATE "reservations" SET "express_reminder" = false
WHERE "reservations"."source" = 'manual'
  AND NOT EXISTS (
    SELECT 1 FROM "outbox" o
    WHERE o."reservation_id" = "reservations"."id" AND o."kind" = 'reservation.confirmed'
  );
