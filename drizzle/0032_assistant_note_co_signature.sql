-- Co-signature of an assistant's note by the supervising PT or OT (domain/co-signature.ts), and the agency's setting that requires it.
ALTER TABLE "agency_profiles" ADD COLUMN "requires_co_signature" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD COLUMN "co_signed_by" text;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD COLUMN "co_signed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD COLUMN "co_signed_name" text;--> statement-breakpoint
ALTER TABLE "visit_notes" ADD COLUMN "co_signature_hash" text;