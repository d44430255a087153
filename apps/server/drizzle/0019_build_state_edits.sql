CREATE TABLE "build_state_edits" (
	"id" serial PRIMARY KEY NOT NULL,
	"build_state_id" integer NOT NULL,
	"staff_user_id" integer NOT NULL,
	"before" text[] NOT NULL,
	"after" text[] NOT NULL,
	"last_date_of_change_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "build_state_edits" ADD CONSTRAINT "build_state_edits_build_state_id_build_states_id_fk" FOREIGN KEY ("build_state_id") REFERENCES "public"."build_states"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "build_state_edits_build_idx" ON "build_state_edits" USING btree ("build_state_id");