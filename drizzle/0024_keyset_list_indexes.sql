DROP INDEX "referrals_agency_id_created_at_index";--> statement-breakpoint
DROP INDEX "referrals_matched_therapist_id_index";--> statement-breakpoint
DROP INDEX "visits_referral_id_index";--> statement-breakpoint
CREATE INDEX "referrals_agency_id_created_at_id_index" ON "referrals" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "referrals_agency_id_status_index" ON "referrals" USING btree ("agency_id","status");--> statement-breakpoint
CREATE INDEX "referrals_agency_id_matched_at_id_index" ON "referrals" USING btree ("agency_id","matched_at","id") WHERE "referrals"."matched_at" is not null;--> statement-breakpoint
CREATE INDEX "referrals_matched_therapist_id_matched_at_id_index" ON "referrals" USING btree ("matched_therapist_id","matched_at","id");--> statement-breakpoint
CREATE INDEX "visits_referral_id_status_index" ON "visits" USING btree ("referral_id","status");