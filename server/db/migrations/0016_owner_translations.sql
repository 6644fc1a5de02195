ALTER TABLE "landing_addons" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "landings" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- The add-ons every landing started with, still under their starting names: their name in the
-- other language is known (domain/landings.ts DEFAULT_ADDONS).
UPDATE "landing_addons" AS a SET "translations" = jsonb_build_object(
    CASE l."default_language" WHEN 'en' THEN 'es' ELSE 'en' END,
    jsonb_build_object('name', d.other))
  FROM "landings" AS l,
    (VALUES ('es', 'Exención de daños por colisión', 'Damage waiver'),
            ('es', 'Cobertura de efectos personales', 'Personal effects coverage'),
            ('es', 'Silla de bebé', 'Baby seat'),
            ('en', 'Damage waiver', 'Exención de daños por colisión'),
            ('en', 'Personal effects coverage', 'Cobertura de efectos personales'),
            ('en', 'Baby seat', 'Silla de bebé')) AS d(language, name, other)
  WHERE l."id" = a."landing_id" AND l."default_language" = d.language AND a."name" = d.name
    AND a."translations" = '{}'::jsonb;
