-- How a landing's bookings are paid is part of what its public pages and bookings read (the review's
-- note, the FAQ's policy, the booking's plan), kept while its content version stands: a change of
-- its payments row bumps it, as its add-ons and places do.
CREATE TRIGGER landing_payments_content_version AFTER INSERT OR UPDATE OR DELETE ON landing_payments
  FOR EACH ROW EXECUTE FUNCTION bump_landing_of_row();
