CREATE TABLE "credit_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"variant" text NOT NULL,
	"country" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"screens" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sin_last_three" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"current_screen" text,
	"prefilled" boolean DEFAULT false NOT NULL,
	"language" text NOT NULL,
	"privacy_notice_shown_at" timestamp with time zone NOT NULL,
	"payment_type" text,
	"amount_financed_cents" integer,
	"monthly_payment_cents" integer,
	"credit_score" integer,
	"submitted_at" timestamp with time zone,
	"send_attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"lender_reference" text,
	"decided_at" timestamp with time zone,
	"decision" jsonb,
	"adverse_action" jsonb,
	"personal_data_purged_at" timestamp with time zone,
	"archive" text,
	"dispose_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_applications_order_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "credit_consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"applicant" text NOT NULL,
	"section" text NOT NULL,
	"answer" text NOT NULL,
	"language" text NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_consents_unique" UNIQUE("application_id","applicant","section")
);
--> statement-breakpoint
CREATE TABLE "credit_data_access" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"application_id" integer NOT NULL,
	"field" text NOT NULL,
	"purpose" text NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lender_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"lender" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lender_submissions_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "simulated_lender_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"reference" text NOT NULL,
	"dealership_id" integer NOT NULL,
	"decision" jsonb NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"answers_at" timestamp with time zone NOT NULL,
	CONSTRAINT "simulated_lender_files_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "simulated_lender_files_reference_unique" UNIQUE("reference")
);
--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_applications" ADD CONSTRAINT "credit_applications_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_consents" ADD CONSTRAINT "credit_consents_application_id_credit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lender_submissions" ADD CONSTRAINT "lender_submissions_application_id_credit_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."credit_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_applications_customer_idx" ON "credit_applications" USING btree ("dealership_id","customer_id");--> statement-breakpoint
CREATE INDEX "credit_applications_work_idx" ON "credit_applications" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "credit_applications_purge_idx" ON "credit_applications" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "credit_data_access_application_idx" ON "credit_data_access" USING btree ("application_id","at");