CREATE TABLE "dealership_pricing" (
	"dealership_id" integer PRIMARY KEY NOT NULL,
	"fees" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"incentives" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rate_programs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"local_tax_rate" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"dealership_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"payment_type" text NOT NULL,
	"owner_session_hash" text NOT NULL,
	"settings" jsonb NOT NULL,
	"option" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_options_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "dealership_pricing" ADD CONSTRAINT "dealership_pricing_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_options" ADD CONSTRAINT "payment_options_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_options_vehicle_idx" ON "payment_options" USING btree ("vehicle_id");