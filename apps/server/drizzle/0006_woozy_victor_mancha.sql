ALTER TABLE "dealerships" ADD COLUMN "crm_email" text;--> statement-breakpoint
ALTER TABLE "dealerships" ADD COLUMN "dealer_leads_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "transport" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "last_error" text;