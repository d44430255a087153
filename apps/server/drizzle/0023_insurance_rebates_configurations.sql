CREATE TABLE "insurance_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'quoted' NOT NULL,
	"request" jsonb NOT NULL,
	"vehicle_value_cents" integer NOT NULL,
	"yearly_cents" integer NOT NULL,
	"monthly_cents" integer NOT NULL,
	"liability_cents" integer NOT NULL,
	"own_damage_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"region" text NOT NULL,
	"answer" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"staff_user_id" integer,
	"created_at" timestamp with time zone NOT NULL,
	"saved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rebate_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"rebate_id" text NOT NULL,
	"name" text NOT NULL,
	"name_fr" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "rebate_applications_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "customer_configurations" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"build_state_uid" text NOT NULL,
	"token_hash" text NOT NULL,
	"customer_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insurance_quotes" ADD CONSTRAINT "insurance_quotes_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_quotes" ADD CONSTRAINT "insurance_quotes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_quotes" ADD CONSTRAINT "insurance_quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_quotes" ADD CONSTRAINT "insurance_quotes_staff_user_id_dealer_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_applications" ADD CONSTRAINT "rebate_applications_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_applications" ADD CONSTRAINT "rebate_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_applications" ADD CONSTRAINT "rebate_applications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_configurations" ADD CONSTRAINT "customer_configurations_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_configurations" ADD CONSTRAINT "customer_configurations_build_state_uid_build_states_uid_fk" FOREIGN KEY ("build_state_uid") REFERENCES "public"."build_states"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_quotes_order_idx" ON "insurance_quotes" USING btree ("dealership_id","order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rebate_applications_order_rebate_idx" ON "rebate_applications" USING btree ("order_id","rebate_id");--> statement-breakpoint
CREATE INDEX "customer_configurations_build_idx" ON "customer_configurations" USING btree ("build_state_uid");