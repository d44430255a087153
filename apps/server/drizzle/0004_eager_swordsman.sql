CREATE TABLE "inventory_revisions" (
	"dealership_id" integer PRIMARY KEY NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_revisions" ADD CONSTRAINT "inventory_revisions_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION "bump_inventory_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "inventory_revisions" ("dealership_id", "revision")
  SELECT DISTINCT "dealership_id", 1 FROM "changed_vehicles"
  ON CONFLICT ("dealership_id") DO UPDATE SET "revision" = "inventory_revisions"."revision" + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "vehicles_inserted_revision" AFTER INSERT ON "vehicles" REFERENCING NEW TABLE AS "changed_vehicles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_inventory_revision"();
--> statement-breakpoint
CREATE TRIGGER "vehicles_updated_revision" AFTER UPDATE ON "vehicles" REFERENCING NEW TABLE AS "changed_vehicles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_inventory_revision"();
--> statement-breakpoint
CREATE TRIGGER "vehicles_deleted_revision" AFTER DELETE ON "vehicles" REFERENCING OLD TABLE AS "changed_vehicles" FOR EACH STATEMENT EXECUTE FUNCTION "bump_inventory_revision"();
