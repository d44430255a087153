CREATE TABLE "staff_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"session_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "staff_password_resets_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "staff_remembered_devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealer_user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "staff_remembered_devices_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"dealer_user_id" integer NOT NULL,
	"staff_name" text NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status_code" integer,
	"fields" text[] DEFAULT '{}' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealer_users" ADD COLUMN "is_super_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_users" ADD COLUMN "password_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dealer_users" ADD COLUMN "default_send_invitation_email" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_users" ADD COLUMN "default_send_lead_to_crm" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_users" ADD COLUMN "failed_sign_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "dealer_users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "dealer_users" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "dealer_users" ADD COLUMN "totp_last_time_step" integer;--> statement-breakpoint
ALTER TABLE "staff_codes" ADD CONSTRAINT "staff_codes_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_password_resets" ADD CONSTRAINT "staff_password_resets_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_remembered_devices" ADD CONSTRAINT "staff_remembered_devices_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_dealer_user_id_dealer_users_id_fk" FOREIGN KEY ("dealer_user_id") REFERENCES "public"."dealer_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_codes_user_idx" ON "staff_codes" USING btree ("dealer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_password_resets_user_idx" ON "staff_password_resets" USING btree ("dealer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_remembered_devices_user_idx" ON "staff_remembered_devices" USING btree ("dealer_user_id");--> statement-breakpoint
CREATE INDEX "activity_customer_idx" ON "activity" USING btree ("dealership_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "activity_order_idx" ON "activity" USING btree ("dealership_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "customers_dealer_user_idx" ON "customers" USING btree ("dealership_id","dealer_user_id");