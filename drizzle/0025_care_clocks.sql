ALTER TABLE "referrals" ADD COLUMN "ordered_start_of_care" date;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "visit_type" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "therapist_discipline" text;--> statement-breakpoint
-- Visits booked before visit types: each is its service's own care type (care-visit-types.ts careVisitTypeOfService),
-- done as the referral's discipline when the therapist holds it, else as its assistant (a PTA on a PT referral).
UPDATE "visits" v SET
  "visit_type" = CASE v."service_id" WHEN 'evaluation' THEN 'evaluation' WHEN 'treatment' THEN 'routine'
    WHEN 'progress_report' THEN 'reassessment' WHEN 'discharge' THEN 'discharge' ELSE 'routine' END,
  "therapist_discipline" = CASE
    WHEN r."discipline" = ANY (t."disciplines") THEN r."discipline"
    WHEN r."discipline" = 'PT' AND 'PTA' = ANY (t."disciplines") THEN 'PTA'
    WHEN r."discipline" = 'OT' AND 'COTA' = ANY (t."disciplines") THEN 'COTA'
    ELSE r."discipline" END
FROM "referrals" r, "therapist_profiles" t
WHERE r."id" = v."referral_id" AND t."id" = v."therapist_id";--> statement-breakpoint
ALTER TABLE "visits" ALTER COLUMN "visit_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ALTER COLUMN "therapist_discipline" SET NOT NULL;
