CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"disclosure_tokenization" boolean,
	"terms_and_conditions" boolean,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer,
	"event" text NOT NULL,
	"order_id" integer,
	"vehicle_id" integer,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"email_hash" text NOT NULL,
	"customer_id" integer,
	"code_hash" text,
	"session_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"dealership_id" integer NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"phone" text,
	"postal_code" text,
	"language" text NOT NULL,
	"lead_type" text,
	"preferred_method_of_contact" text DEFAULT '' NOT NULL,
	"adobe_tracking_id" text,
	"dealer_user_id" integer,
	"send_invitation_email" boolean DEFAULT false NOT NULL,
	"send_lead_to_crm" boolean DEFAULT true NOT NULL,
	"notify_me" boolean DEFAULT false NOT NULL,
	"source" text,
	"cat_id" text,
	"eti_ids" text[] DEFAULT '{}' NOT NULL,
	"failed_code_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "customers_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"status" text DEFAULT 'initial' NOT NULL,
	"overall_status" text DEFAULT 'Active' NOT NULL,
	"order_type" text DEFAULT 'standard' NOT NULL,
	"payment_type" text,
	"payment" jsonb,
	"payment_option_uid" text,
	"finance_term" integer,
	"lease_term" integer,
	"finance_down_payment_cents" integer,
	"lease_down_payment_cents" integer,
	"finance_payment_frequency" text,
	"lease_payment_frequency" text,
	"lease_model_km" integer,
	"payment_credit_score" integer DEFAULT 0 NOT NULL,
	"payment_include_tax" boolean DEFAULT true NOT NULL,
	"payment_type_settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"accessory_ids" integer[] DEFAULT '{}' NOT NULL,
	"protection_ids" integer[] DEFAULT '{}' NOT NULL,
	"incentives" text[] DEFAULT '{}' NOT NULL,
	"step_statuses" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"progress" jsonb NOT NULL,
	"deposit_status" text DEFAULT 'initial' NOT NULL,
	"praq_pending" boolean DEFAULT false NOT NULL,
	"build_state" text,
	"configuration_id" text,
	"campaign" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"analytics" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"url_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_slug" text,
	"uses_oem_code" boolean DEFAULT false NOT NULL,
	"postal_code" text,
	"order_lang" text NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealerships" ADD COLUMN "crm_email" text;--> statement-breakpoint
ALTER TABLE "dealerships" ADD COLUMN "dealer_leads_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "transport" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_events" ADD CONSTRAINT "crm_events_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crm_events" ADD CONSTRAINT "crm_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_codes" ADD CONSTRAINT "customer_codes_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_codes" ADD CONSTRAINT "customer_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_codes_email_idx" ON "customer_codes" USING btree ("dealership_id","email_hash","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_dealership_email_idx" ON "customers" USING btree ("dealership_id","email");--> statement-breakpoint
CREATE INDEX "orders_customer_idx" ON "orders" USING btree ("dealership_id","customer_id","created_at");