CREATE TABLE "notify_me_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer,
	"vehicle_id" integer NOT NULL,
	"order_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"url" text,
	"terms_confirmed_at" timestamp with time zone NOT NULL,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notify_me_requests" ADD CONSTRAINT "notify_me_requests_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_me_requests" ADD CONSTRAINT "notify_me_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notify_me_requests_dealership_idx" ON "notify_me_requests" USING btree ("dealership_id","vehicle_id","created_at");