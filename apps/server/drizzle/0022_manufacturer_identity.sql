CREATE TABLE "manufacturer_identity_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manufacturer_sign_ins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"dealership_id" integer NOT NULL,
	"session_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier_sealed" text NOT NULL,
	"return_to" text,
	"language" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "has_volkswagen_id" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "manufacturer_identity_links" ADD CONSTRAINT "manufacturer_identity_links_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturer_identity_links" ADD CONSTRAINT "manufacturer_identity_links_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manufacturer_sign_ins" ADD CONSTRAINT "manufacturer_sign_ins_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturer_identity_links_subject_idx" ON "manufacturer_identity_links" USING btree ("dealership_id","issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "manufacturer_identity_links_customer_idx" ON "manufacturer_identity_links" USING btree ("customer_id","issuer");--> statement-breakpoint
CREATE INDEX "manufacturer_sign_ins_expires_idx" ON "manufacturer_sign_ins" USING btree ("expires_at");