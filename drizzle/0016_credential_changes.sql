-- Credentials changed after approval wait here for review. user_profiles keeps the credential that
-- was approved, which matching already reads, so no approved therapist stops being matched and
-- nothing needs backfilling.
CREATE TABLE "credential_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"npi_number" text NOT NULL,
	"license_number" text NOT NULL,
	"license_state" text NOT NULL,
	"license_expiry" date NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"reason" text
);
--> statement-breakpoint
ALTER TABLE "credential_changes" ADD CONSTRAINT "credential_changes_user_id_useraccounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."useraccounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_changes_one_pending" ON "credential_changes" USING btree ("user_id") WHERE "credential_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "credential_changes_status_submitted_at_index" ON "credential_changes" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "credential_changes_user_id_submitted_at_index" ON "credential_changes" USING btree ("user_id","submitted_at");