-- Every instance hears when a landing's content version changes (or the landing goes), so that
-- public reads may reuse a moment-old lookup of it (server/public/recent-lookups.ts). NOTIFY is
-- sent on commit only, once per landing per transaction.
CREATE FUNCTION notify_landing_content() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('nelly_landing_content', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER landings_content_notify AFTER UPDATE ON landings
  FOR EACH ROW WHEN (OLD.content_version IS DISTINCT FROM NEW.content_version)
  EXECUTE FUNCTION notify_landing_content();--> statement-breakpoint
CREATE TRIGGER landings_delete_notify AFTER DELETE ON landings
  FOR EACH ROW EXECUTE FUNCTION notify_landing_content();
