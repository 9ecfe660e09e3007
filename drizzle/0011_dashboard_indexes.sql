CREATE INDEX "referrals_matched_at_index" ON "referrals" USING btree ("matched_at");--> statement-breakpoint
CREATE INDEX "payouts_paid_at_index" ON "payouts" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "visits_scheduled_start_index" ON "visits" USING btree ("scheduled_start");