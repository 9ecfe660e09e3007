CREATE TABLE "credential_reminders" (
	"credential_id" uuid NOT NULL,
	"days_before" integer NOT NULL,
	"expires_on" date NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leie_exclusions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"middle_name" text DEFAULT '' NOT NULL,
	"business_name" text DEFAULT '' NOT NULL,
	"general" text DEFAULT '' NOT NULL,
	"specialty" text DEFAULT '' NOT NULL,
	"npi" text DEFAULT '' NOT NULL,
	"date_of_birth" date,
	"state" text DEFAULT '' NOT NULL,
	"exclusion_type" text DEFAULT '' NOT NULL,
	"excluded_on" date,
	"reinstated_on" date
);
--> statement-breakpoint
CREATE TABLE "leie_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "primary_source_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"therapist_id" text NOT NULL,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "therapist_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"therapist_id" text NOT NULL,
	"kind" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"issuer" text DEFAULT '' NOT NULL,
	"compact_privilege" boolean DEFAULT false NOT NULL,
	"issued_on" date,
	"expires_on" date,
	"status" text DEFAULT 'submitted' NOT NULL,
	"rejection_reason" text,
	"document_storage_key" text,
	"document_content_type" text,
	"document_size_bytes" integer,
	"document_sha256" text,
	"document_name_sealed" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"verification_method" text,
	"verification_source" text
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"period" integer DEFAULT 0 NOT NULL,
	"rater_id" text NOT NULL,
	"ratee_id" text NOT NULL,
	"rater_role" text NOT NULL,
	"score" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_score_range" CHECK ("ratings"."score" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "therapist_profiles" ADD COLUMN "care_settings" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "therapist_profiles" ADD COLUMN "specialties" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "therapist_profiles" ADD COLUMN "languages" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "therapist_profiles" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "therapist_profiles" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "therapist_profiles" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "therapist_profiles" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "credential_reminders" ADD CONSTRAINT "credential_reminders_credential_id_therapist_credentials_id_fk" FOREIGN KEY ("credential_id") REFERENCES "public"."therapist_credentials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primary_source_checks" ADD CONSTRAINT "primary_source_checks_therapist_id_therapist_profiles_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_credentials" ADD CONSTRAINT "therapist_credentials_therapist_id_therapist_profiles_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credential_reminders_credential_id_days_before_expires_on_index" ON "credential_reminders" USING btree ("credential_id","days_before","expires_on");--> statement-breakpoint
CREATE INDEX "leie_exclusions_npi_index" ON "leie_exclusions" USING btree ("npi");--> statement-breakpoint
CREATE INDEX "leie_exclusions_name_dob" ON "leie_exclusions" USING btree (lower("last_name"),lower("first_name"),"date_of_birth");--> statement-breakpoint
CREATE INDEX "primary_source_checks_therapist_id_source_checked_at_index" ON "primary_source_checks" USING btree ("therapist_id","source","checked_at");--> statement-breakpoint
CREATE INDEX "therapist_credentials_therapist_id_kind_index" ON "therapist_credentials" USING btree ("therapist_id","kind");--> statement-breakpoint
CREATE INDEX "therapist_credentials_status_submitted_at_index" ON "therapist_credentials" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "therapist_credentials_expiring" ON "therapist_credentials" USING btree ("expires_on") WHERE "therapist_credentials"."status" = 'verified';--> statement-breakpoint
CREATE UNIQUE INDEX "ratings_referral_id_period_rater_id_index" ON "ratings" USING btree ("referral_id","period","rater_id");--> statement-breakpoint
CREATE INDEX "ratings_ratee_id_created_at_index" ON "ratings" USING btree ("ratee_id","created_at");--> statement-breakpoint
-- The NPI and license each therapist gave at onboarding become their first credentials, awaiting
-- verification: until now a manager's Approve checked no license against a board, so none is
-- carried over as verified.
INSERT INTO "therapist_credentials" ("therapist_id", "kind", "number", "issuer", "expires_on")
SELECT "user_profiles"."id", 'state_license', coalesce("license_number", ''), upper(coalesce("license_state", '')), "license_expiry"
FROM "user_profiles" JOIN "therapist_profiles" ON "therapist_profiles"."id" = "user_profiles"."id"
WHERE coalesce("license_number", '') <> '' OR coalesce("license_state", '') <> '';--> statement-breakpoint
INSERT INTO "therapist_credentials" ("therapist_id", "kind", "number", "issuer")
SELECT "user_profiles"."id", 'npi', "npi_number", 'NPPES'
FROM "user_profiles" JOIN "therapist_profiles" ON "therapist_profiles"."id" = "user_profiles"."id"
WHERE coalesce("npi_number", '') <> '';
