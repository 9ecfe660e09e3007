-- The patient's home located from their street address for visit verification (patients/home-location.ts):
-- the geocoded point sealed like the details, and beside it how far locating got (not PHI). Details saved
-- before this keep location_status_at null and are queued once at start-up (the partial index finds them).
ALTER TABLE "patients" ADD COLUMN "location_sealed" text;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "location_status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "location_status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "location_retrying" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "location_source" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "check_in_measured_from" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "check_in_miles_from_patient" real;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "check_in_allowed_miles" real;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "check_out_measured_from" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "check_out_miles_from_patient" real;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "check_out_allowed_miles" real;--> statement-breakpoint
CREATE INDEX "patients_location_unqueued_idx" ON "patients" USING btree ("referral_id") WHERE "patients"."location_status_at" IS NULL;--> statement-breakpoint
-- How each check-in and check-out reading was judged (domain/evv-distance.ts); null on earlier readings.
-- Every far-from-patient exception recorded until now was measured from the center of the patient's ZIP
-- area, not their address: it is named for what it was.
UPDATE "visits" SET "exceptions" = (
  SELECT jsonb_agg(CASE WHEN e.code = 'far_from_patient' THEN 'far_from_zip_area' ELSE e.code END ORDER BY e.position)
  FROM jsonb_array_elements_text("visits"."exceptions") WITH ORDINALITY AS e(code, position)
) WHERE "exceptions" ? 'far_from_patient';
