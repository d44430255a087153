-- A vehicle moved to another dealership leaves the one it left as well: an update moves the revisions of the
-- dealerships its rows had before and after it (the update trigger read only the new rows), so the dealership it left
-- does not go on counting and showing it from its kept snapshot.
CREATE FUNCTION "bump_inventory_revision_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inventory_revisions" ("dealership_id", "revision")
  SELECT "dealership_id", 1 FROM "changed_vehicles" UNION SELECT "dealership_id", 1 FROM "previous_vehicles"
  ON CONFLICT ("dealership_id") DO UPDATE SET "revision" = "inventory_revisions"."revision" + 1;
  PERFORM pg_notify('inventory_revisions', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "vehicles_updated_revision" ON "vehicles";
--> statement-breakpoint
CREATE TRIGGER "vehicles_updated_revision" AFTER UPDATE ON "vehicles" REFERENCING OLD TABLE AS "previous_vehicles" NEW TABLE AS "changed_vehicles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_inventory_revision_on_update"();
