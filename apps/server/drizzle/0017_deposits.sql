CREATE TABLE "deposits" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"fee_mode" text NOT NULL,
	"deposit_cents" integer NOT NULL,
	"processing_fee_cents" integer NOT NULL,
	"fixed_fee_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"cancellation_fee_cents" integer NOT NULL,
	"refundable_on_request" boolean NOT NULL,
	"status" text NOT NULL,
	"client_key" text NOT NULL,
	"processor_payment_id" text,
	"decline_code" text,
	"card_brand" text,
	"card_last4" text,
	"name_on_card" text,
	"first_name" text,
	"last_name" text,
	"address_line" text,
	"postal_code" text,
	"coupon_code" text,
	"authorized_at" timestamp with time zone,
	"hold_deadline" timestamp with time zone,
	"captured_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refund_requested_at" timestamp with time zone,
	"refund_request_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"deposit_id" integer NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"processor_id" text,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_attempts_idempotencyKey_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "processor_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"captured_cents" integer DEFAULT 0 NOT NULL,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"capture_before" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_requests" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"operation" text NOT NULL,
	"fingerprint" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "held_for_customer_id" integer;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "held_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_attempts" ADD CONSTRAINT "payment_attempts_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_one_live_per_order" ON "deposits" USING btree ("order_id") WHERE status in ('created', 'initiated', 'pre_authorized', 'confirmed');--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_client_key" ON "deposits" USING btree ("order_id","client_key");--> statement-breakpoint
CREATE INDEX "deposits_customer_idx" ON "deposits" USING btree ("dealership_id","customer_id");--> statement-breakpoint
CREATE INDEX "deposits_hold_idx" ON "deposits" USING btree ("status","hold_deadline");