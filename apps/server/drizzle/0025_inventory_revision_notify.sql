-- A write to the vehicles also tells listeners that inventory revisions moved (once per transaction: PostgreSQL
-- folds identical notifications). Embedded PGlite's process reads the revisions again only then.
CREATE OR REPLACE FUNCTION "bump_inventory_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inventory_revisions" ("dealership_id", "revision")
  SELECT DISTINCT "dealership_id", 1 FROM "changed_vehicles"
  ON CONFLICT ("dealership_id") DO UPDATE SET "revision" = "inventory_revisions"."revision" + 1;
  PERFORM pg_notify('inventory_revisions', '');
  RETURN NULL;
END $$;
