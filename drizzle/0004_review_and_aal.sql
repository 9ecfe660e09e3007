ALTER TABLE "session" ADD COLUMN "aal" text DEFAULT 'aal1' NOT NULL;--> statement-breakpoint
ALTER TABLE "useraccounts" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "useraccounts" ADD COLUMN "reviewed_by" text;--> statement-breakpoint
ALTER TABLE "useraccounts" ADD COLUMN "status_reason" text;