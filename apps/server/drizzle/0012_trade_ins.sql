CREATE TABLE "trade_in_catalogue" (
	"id" serial PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"trim" text NOT NULL,
	"style" text NOT NULL,
	"msrp_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_in_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_in_id" integer NOT NULL,
	"source" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"decline_comments" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'O' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"superseded_at" timestamp with time zone,
	"staff_user_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_in_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"trade_in_id" integer NOT NULL,
	"angle" text NOT NULL,
	"status" text NOT NULL,
	"upload_key" text,
	"storage_key" text,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trade_in_photos_angle_unique" UNIQUE("trade_in_id","angle")
);
--> statement-breakpoint
CREATE TABLE "trade_ins" (
	"id" serial PRIMARY KEY NOT NULL,
	"vid" text NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"flow" text NOT NULL,
	"valuation_system" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"valuation_quote" text DEFAULT 'not_quoted' NOT NULL,
	"vin" text,
	"year" integer,
	"make" text,
	"model" text,
	"trim" text,
	"style" text,
	"colour" text,
	"transmission" text,
	"odometer" integer,
	"odometer_unit" text NOT NULL,
	"has_power_sunroof" boolean DEFAULT false NOT NULL,
	"has_navigation_system" boolean DEFAULT false NOT NULL,
	"has_technology_package" boolean DEFAULT false NOT NULL,
	"accepted_terms" boolean DEFAULT false NOT NULL,
	"answers" jsonb NOT NULL,
	"financing" jsonb,
	"odometer_statement" text,
	"estimate_low_cents" integer,
	"estimate_high_cents" integer,
	"ico_id" text,
	"ico_amount_cents" integer,
	"ico_range_min_cents" integer,
	"ico_range_max_cents" integer,
	"cat_id" text,
	"page_url" text,
	"submitted_at" timestamp with time zone,
	"offer_promised_by" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trade_ins_vid_unique" UNIQUE("vid")
);
--> statement-breakpoint
ALTER TABLE "trade_in_offers" ADD CONSTRAINT "trade_in_offers_trade_in_id_trade_ins_id_fk" FOREIGN KEY ("trade_in_id") REFERENCES "public"."trade_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_in_offers" ADD CONSTRAINT "trade_in_offers_staff_user_id_dealer_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_in_photos" ADD CONSTRAINT "trade_in_photos_trade_in_id_trade_ins_id_fk" FOREIGN KEY ("trade_in_id") REFERENCES "public"."trade_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD CONSTRAINT "trade_ins_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD CONSTRAINT "trade_ins_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_ins" ADD CONSTRAINT "trade_ins_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_in_catalogue_cascade_idx" ON "trade_in_catalogue" USING btree ("year","make","model","trim");--> statement-breakpoint
CREATE INDEX "trade_in_offers_trade_idx" ON "trade_in_offers" USING btree ("trade_in_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_in_photos_status_idx" ON "trade_in_photos" USING btree ("status");--> statement-breakpoint
CREATE INDEX "trade_ins_customer_idx" ON "trade_ins" USING btree ("dealership_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "trade_ins_order_idx" ON "trade_ins" USING btree ("order_id");