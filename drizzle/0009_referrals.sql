CREATE TABLE "patients" (
	"referral_id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text NOT NULL,
	"updated_by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_agreed_rates" (
	"referral_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"rate" numeric(10, 2) NOT NULL,
	CONSTRAINT "referral_agreed_rates_referral_id_service_id_pk" PRIMARY KEY("referral_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "referral_offers" (
	"referral_id" uuid NOT NULL,
	"therapist_id" text NOT NULL,
	"distance_miles" real NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"hidden_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "referral_offers_referral_id_therapist_id_pk" PRIMARY KEY("referral_id","therapist_id")
);
--> statement-breakpoint
CREATE TABLE "referral_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"therapist_id" text NOT NULL,
	"status" text NOT NULL,
	"requested_rates" jsonb NOT NULL,
	"counter_rates" jsonb,
	"counter_note" text,
	"reason" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_services" (
	"referral_id" uuid NOT NULL,
	"service_id" text NOT NULL,
	"visit_count" integer NOT NULL,
	"offered_rate" numeric(10, 2) NOT NULL,
	CONSTRAINT "referral_services_referral_id_service_id_pk" PRIMARY KEY("referral_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "referrals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"discipline" text NOT NULL,
	"patient_zip" text NOT NULL,
	"patient_city" text NOT NULL,
	"patient_state" text NOT NULL,
	"latitude" real NOT NULL,
	"longitude" real NOT NULL,
	"visit_frequency" text NOT NULL,
	"start_by" date NOT NULL,
	"urgency" text NOT NULL,
	"clinical_summary" text NOT NULL,
	"offer_open_hours" integer NOT NULL,
	"instant_confirm" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"first_response_at" timestamp with time zone,
	"matched_at" timestamp with time zone,
	"matched_therapist_id" text,
	"matched_response_id" uuid,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"closed_at" timestamp with time zone,
	CONSTRAINT "referrals_matched_has_therapist" CHECK ("referrals"."status" in ('draft','posted','cancelled','expired') or "referrals"."matched_therapist_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_agreed_rates" ADD CONSTRAINT "referral_agreed_rates_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_agreed_rates" ADD CONSTRAINT "referral_agreed_rates_service_id_service_types_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_offers" ADD CONSTRAINT "referral_offers_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_offers" ADD CONSTRAINT "referral_offers_therapist_id_therapist_profiles_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_responses" ADD CONSTRAINT "referral_responses_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_responses" ADD CONSTRAINT "referral_responses_therapist_id_therapist_profiles_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_services" ADD CONSTRAINT "referral_services_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_services" ADD CONSTRAINT "referral_services_service_id_service_types_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_agency_id_agency_profiles_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referrals" ADD CONSTRAINT "referrals_matched_therapist_id_therapist_profiles_id_fk" FOREIGN KEY ("matched_therapist_id") REFERENCES "public"."therapist_profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_offers_therapist_id_notified_at_index" ON "referral_offers" USING btree ("therapist_id","notified_at");--> statement-breakpoint
CREATE UNIQUE INDEX "referral_responses_referral_id_therapist_id_index" ON "referral_responses" USING btree ("referral_id","therapist_id");--> statement-breakpoint
CREATE INDEX "referral_responses_therapist_id_index" ON "referral_responses" USING btree ("therapist_id");--> statement-breakpoint
CREATE INDEX "referrals_agency_id_created_at_index" ON "referrals" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "referrals_status_index" ON "referrals" USING btree ("status");--> statement-breakpoint
CREATE INDEX "referrals_matched_therapist_id_index" ON "referrals" USING btree ("matched_therapist_id");