ALTER TABLE "landings" ADD COLUMN "content_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- A landing's own visible change bumps its content version, unless the statement already set it.
CREATE FUNCTION landing_content_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.content_version = OLD.content_version
     AND (to_jsonb(NEW) - 'content_version' - 'version' - 'updated_at') IS DISTINCT FROM
         (to_jsonb(OLD) - 'content_version' - 'version' - 'updated_at') THEN
    NEW.content_version := OLD.content_version + 1;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER landings_content_version BEFORE UPDATE ON landings
  FOR EACH ROW EXECUTE FUNCTION landing_content_changed();--> statement-breakpoint
-- Rows that belong to a landing (add-ons, locations, vehicles) bump it when they change.
CREATE FUNCTION bump_landing_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE landings SET content_version = content_version + 1
   WHERE id IN (
     SELECT (CASE WHEN TG_OP = 'DELETE' THEN OLD.landing_id ELSE NEW.landing_id END)
     UNION SELECT (CASE WHEN TG_OP = 'UPDATE' THEN OLD.landing_id END));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER landing_addons_content_version AFTER INSERT OR UPDATE OR DELETE ON landing_addons
  FOR EACH ROW EXECUTE FUNCTION bump_landing_of_row();--> statement-breakpoint
CREATE TRIGGER locations_content_version AFTER INSERT OR UPDATE OR DELETE ON locations
  FOR EACH ROW EXECUTE FUNCTION bump_landing_of_row();--> statement-breakpoint
CREATE TRIGGER vehicles_content_version AFTER INSERT OR UPDATE OR DELETE ON vehicles
  FOR EACH ROW EXECUTE FUNCTION bump_landing_of_row();--> statement-breakpoint
-- Rows that belong to a vehicle (photos, special features) bump the vehicle's landing.
CREATE FUNCTION bump_landing_of_vehicle_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE landings SET content_version = content_version + 1
   WHERE id IN (SELECT landing_id FROM vehicles
                 WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.vehicle_id ELSE NEW.vehicle_id END));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER vehicle_images_content_version AFTER INSERT OR UPDATE OR DELETE ON vehicle_images
  FOR EACH ROW EXECUTE FUNCTION bump_landing_of_vehicle_row();--> statement-breakpoint
CREATE TRIGGER vehicle_special_features_content_version AFTER INSERT OR UPDATE OR DELETE ON vehicle_special_features
  FOR EACH ROW EXECUTE FUNCTION bump_landing_of_vehicle_row();--> statement-breakpoint
-- A special feature's name or description shows on every vehicle that has it.
CREATE FUNCTION bump_landings_of_feature() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE landings SET content_version = content_version + 1
   WHERE id IN (SELECT v.landing_id FROM vehicles v
                  JOIN vehicle_special_features f ON f.vehicle_id = v.id
                 WHERE f.special_feature_id = NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER special_features_content_version AFTER UPDATE ON special_features
  FOR EACH ROW EXECUTE FUNCTION bump_landings_of_feature();
