CREATE TABLE "quote_flows" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"quote_expiry" text,
	"requested_at" timestamp with time zone,
	"request_message" text,
	"prepared_by_staff_id" integer,
	"prepared_by_name" text,
	"prepared_by_email" text,
	"submitted_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	"primary_quote_id" integer,
	"reserved_quote_id" integer,
	"access_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"flow_id" integer NOT NULL,
	"position" integer NOT NULL,
	"quote_name" text,
	"terms" jsonb NOT NULL,
	"option" jsonb,
	"known" jsonb,
	"pricing_errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_position_range" CHECK ("quotes"."position" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "quote_flows" ADD CONSTRAINT "quote_flows_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_flows" ADD CONSTRAINT "quote_flows_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_flow_id_quote_flows_id_fk" FOREIGN KEY ("flow_id") REFERENCES "public"."quote_flows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_flows_order_idx" ON "quote_flows" USING btree ("dealership_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "quotes_flow_position_idx" ON "quotes" USING btree ("flow_id","position");