-- Every instance hears when what holds a landing's cars changes: a booking made, moved, cancelled,
-- checked out or in, paid or lapsed, and a block of units set or lifted. Public reads then keep a
-- landing's holds and its searched pages until the next notice (server/reservations/holds-cache.ts).
-- NOTIFY is sent on commit only, once per landing per transaction.
CREATE FUNCTION notify_reservation_holds() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nelly_availability', COALESCE(NEW.landing_id, OLD.landing_id)::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER reservations_holds_notify AFTER INSERT OR DELETE ON reservations
  FOR EACH ROW EXECUTE FUNCTION notify_reservation_holds();--> statement-breakpoint
CREATE TRIGGER reservations_holds_update_notify AFTER UPDATE ON reservations
  FOR EACH ROW WHEN (
    OLD.status IS DISTINCT FROM NEW.status
    OR OLD.vehicle_id IS DISTINCT FROM NEW.vehicle_id
    OR OLD.pickup_at IS DISTINCT FROM NEW.pickup_at
    OR OLD.return_at IS DISTINCT FROM NEW.return_at
    OR OLD.payment_due_at IS DISTINCT FROM NEW.payment_due_at
  )
  EXECUTE FUNCTION notify_reservation_holds();--> statement-breakpoint
CREATE FUNCTION notify_block_holds() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  landing integer;
BEGIN
  SELECT landing_id INTO landing FROM vehicles WHERE id = COALESCE(NEW.vehicle_id, OLD.vehicle_id);
  -- A vehicle deleted with its blocks changes the landing's content version, which says enough.
  IF landing IS NOT NULL THEN
    PERFORM pg_notify('nelly_availability', landing::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER vehicle_blocks_holds_notify AFTER INSERT OR UPDATE OR DELETE ON vehicle_blocks
  FOR EACH ROW EXECUTE FUNCTION notify_block_holds();
