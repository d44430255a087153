CREATE TABLE "dealer_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"dealership_id" integer,
	"group_id" integer,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text NOT NULL,
	"phone" text,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealer_users_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "dealership_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "dealership_groups_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "dealerships" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"group_id" integer,
	"country" text NOT NULL,
	"province_code" text NOT NULL,
	"time_zone" text NOT NULL,
	"currency_unit" text NOT NULL,
	"length_unit" text NOT NULL,
	"allowed_languages" text[] NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"profile" jsonb NOT NULL,
	"theme" jsonb NOT NULL,
	"module_settings" jsonb NOT NULL,
	"payment_settings" jsonb NOT NULL,
	"vdp_settings" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dealerships_uid_unique" UNIQUE("uid"),
	CONSTRAINT "dealerships_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"dealership_id" integer NOT NULL,
	"vin" text NOT NULL,
	"stock_number" text NOT NULL,
	"year" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"trim" text NOT NULL,
	"condition" text NOT NULL,
	"is_certified" boolean DEFAULT false NOT NULL,
	"stock_status" text NOT NULL,
	"body_type" text NOT NULL,
	"exterior_color" text NOT NULL,
	"exterior_color_normalized" text NOT NULL,
	"interior_color" text NOT NULL,
	"fuel_type" text NOT NULL,
	"drivetrain" text NOT NULL,
	"transmission" text NOT NULL,
	"odometer" integer NOT NULL,
	"msrp_cents" integer,
	"price_cents" integer,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"available" boolean DEFAULT true NOT NULL,
	"vdp_settings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicles_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"dealership_id" integer,
	"customer_id" integer,
	"dealer_user_id" integer,
	"language" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealer_users" ADD CONSTRAINT "dealer_users_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealer_users" ADD CONSTRAINT "dealer_users_group_id_dealership_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."dealership_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dealerships" ADD CONSTRAINT "dealerships_group_id_dealership_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."dealership_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dealer_users_email_idx" ON "dealer_users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_dealership_vin_idx" ON "vehicles" USING btree ("dealership_id","vin");--> statement-breakpoint
CREATE INDEX "vehicles_dealership_idx" ON "vehicles" USING btree ("dealership_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");