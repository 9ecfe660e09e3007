-- A referral's orders, one row per version, never updated (care-orders.ts): the therapist's proposals and the
-- agency's approvals and returns; (referral_id, version) is unique, so of two decisions on a version one is written.
CREATE TABLE "care_order_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"referral_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"frequency" text NOT NULL,
	"start_date" date NOT NULL,
	"goals" text[] NOT NULL,
	"proposed_by" text NOT NULL,
	"proposed_at" timestamp with time zone NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"physician_order_obtained_on" date,
	"reason" text NOT NULL,
	CONSTRAINT "care_order_versions_decided" CHECK (("care_order_versions"."status" = 'proposed') = ("care_order_versions"."decided_by" is null))
);
--> statement-breakpoint
ALTER TABLE "care_order_versions" ADD CONSTRAINT "care_order_versions_referral_id_referrals_id_fk" FOREIGN KEY ("referral_id") REFERENCES "public"."referrals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "care_order_versions_referral_id_version_index" ON "care_order_versions" USING btree ("referral_id","version");