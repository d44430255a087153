CREATE TABLE "build_premium_paints" (
	"oem" text NOT NULL,
	"code" text NOT NULL,
	CONSTRAINT "build_premium_paints_oem_code_pk" PRIMARY KEY("oem","code")
);
--> statement-breakpoint
CREATE TABLE "build_states" (
	"id" serial PRIMARY KEY NOT NULL,
	"uid" text NOT NULL,
	"dealership_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"trim_id" integer NOT NULL,
	"source" text NOT NULL,
	"selected" text[] NOT NULL,
	"configuration" text,
	"trim_configuration" text[],
	"owner_session_hash" text,
	"customer_id" integer,
	"is_locked" boolean DEFAULT false NOT NULL,
	"post_deposit_edit_enabled" boolean DEFAULT false NOT NULL,
	"post_deposit_edit_confirm_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "build_states_uid_unique" UNIQUE("uid")
);
--> statement-breakpoint
CREATE TABLE "build_trims" (
	"unhaggle_trim_id" integer PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"make" text NOT NULL,
	"model" text NOT NULL,
	"trim" text NOT NULL,
	"msrp_cents" integer NOT NULL,
	"options" jsonb NOT NULL,
	"trim_colors" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_options" ADD COLUMN "build_state_uid" text;--> statement-breakpoint
ALTER TABLE "build_states" ADD CONSTRAINT "build_states_dealership_id_dealerships_id_fk" FOREIGN KEY ("dealership_id") REFERENCES "public"."dealerships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "build_states_owner_session_idx" ON "build_states" USING btree ("owner_session_hash");