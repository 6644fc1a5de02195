-- The express pickup's 48-hour reminder goes only to customers Nelly emails about their booking: not to one
-- the owner booked at the desk without emailing the confirmation ("Enviar al cliente el correo" unticked).
ALTER TABLE "reservations" ADD COLUMN "express_reminder" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Desk bookings made so far: reminded only when their confirmation was emailed to the customer.
UPDATE "reservations" SET "express_reminder" = false
WHERE "reservations"."source" = 'manual'
  AND NOT EXISTS (
    SELECT 1 FROM "outbox" o
    WHERE o."reservation_id" = "reservations"."id" AND o."kind" = 'reservation.confirmed'
  );
