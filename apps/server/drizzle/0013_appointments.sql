CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"proposed_by" text NOT NULL,
	"time_zone" text NOT NULL,
	"local_date" text NOT NULL,
	"local_time" text NOT NULL,
	"utc_offset_minutes" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"seat" integer NOT NULL,
	"address" jsonb,
	"comments" text,
	"page_url" text,
	"language" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"is_autoconfirmed" boolean DEFAULT false NOT NULL,
	"staff_user_id" integer,
	"confirmed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "appointments_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "test_drive_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer,
	"booking_option" text NOT NULL,
	"model_year" integer NOT NULL,
	"model_code" text NOT NULL,
	"model_name" text NOT NULL,
	"province" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"tokenized_url" text NOT NULL,
	"language" text NOT NULL,
	"address" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "test_drive_bookings_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_staff_user_id_dealer_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_drive_bookings" ADD CONSTRAINT "test_drive_bookings_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_drive_bookings" ADD CONSTRAINT "test_drive_bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_active_order_unique" ON "appointments" USING btree ("order_id") WHERE "appointments"."status" <> 'canceled';--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_active_seat_unique" ON "appointments" USING btree ("dealership_id","starts_at","seat") WHERE "appointments"."status" <> 'canceled';--> statement-breakpoint
CREATE INDEX "appointments_dealership_start_idx" ON "appointments" USING btree ("dealership_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("dealership_id","customer_id");--> statement-breakpoint
CREATE INDEX "test_drive_bookings_dealership_idx" ON "test_drive_bookings" USING btree ("dealership_id","created_at");