CREATE TABLE "inventory_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"source" text NOT NULL,
	"full_feed" boolean NOT NULL,
	"row_count" integer NOT NULL,
	"created" integer NOT NULL,
	"updated" integer NOT NULL,
	"unchanged" integer NOT NULL,
	"marked_unavailable" integer NOT NULL,
	"rejected" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "vehicles_dealership_idx";--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "model_code" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "jato_id" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "marketing_trim" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "trim_fr" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "is_port_vehicle" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "is_vin_fake" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "freight_cents" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "pdi_cents" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "dealer_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "delivery_charge_cents" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "cash_payment_cents" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "finance_payment_cents" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "lease_payment_cents" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "features" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "feature_mask" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "packages" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "in_stock_date" date;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "arrival_date" date;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "spin_car_url" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "vehicles" SET "search_text" = lower(concat_ws(' ', "year", "make", "model", "trim", "vin", "stock_number"));--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "inventory_imports" ADD CONSTRAINT "inventory_imports_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicles_listed_idx" ON "vehicles" USING btree ("dealership_id","price_cents") WHERE "vehicles"."available" and "vehicles"."stock_status" not in ('S', 'U');