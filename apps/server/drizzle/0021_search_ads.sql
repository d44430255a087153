CREATE TABLE "search_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"dealership_id" integer NOT NULL,
	"title" text NOT NULL,
	"filters" jsonb NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "search_ads" ADD CONSTRAINT "search_ads_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_ads" ADD CONSTRAINT "search_ads_created_by_dealer_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."dealer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "search_ads_uid_idx" ON "search_ads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "search_ads_dealership_idx" ON "search_ads" USING btree ("dealership_id","created_at");