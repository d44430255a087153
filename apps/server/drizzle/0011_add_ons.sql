CREATE TABLE "accessories" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"sku" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"record" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accessories_sku_unique" UNIQUE("dealership_id","sku")
);
--> statement-breakpoint
CREATE TABLE "accessory_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"question" text NOT NULL,
	"question_fr" text NOT NULL,
	"answer" text NOT NULL,
	"answer_fr" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan_fallback_price_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"payment_type" text NOT NULL,
	"price_cents" integer NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"category" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"record" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protection_plans_code_unique" UNIQUE("dealership_id","product_code")
);
--> statement-breakpoint
ALTER TABLE "accessories" ADD CONSTRAINT "accessories_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accessory_questions" ADD CONSTRAINT "accessory_questions_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_fallback_price_log" ADD CONSTRAINT "plan_fallback_price_log_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_fallback_price_log" ADD CONSTRAINT "plan_fallback_price_log_plan_id_protection_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."protection_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_plans" ADD CONSTRAINT "protection_plans_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plan_fallback_price_log_plan_idx" ON "plan_fallback_price_log" USING btree ("plan_id","logged_at");