-- One time zone per user, on their account, read by every page, mail and text. A therapist who
-- saved alert settings chose a zone there (the only place one was asked until now), so it carries
-- over; everyone else starts without one and is asked once on their dashboard.
ALTER TABLE "useraccounts" ADD COLUMN "time_zone" text;--> statement-breakpoint
UPDATE "useraccounts" SET "time_zone" = "notification_preferences"."time_zone"
FROM "notification_preferences"
WHERE "notification_preferences"."user_id" = "useraccounts"."user_id";--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP COLUMN "time_zone";--> statement-breakpoint
-- The dashboards read "today" and "this month" in the user's zone: a new zone drops their cached
-- figures (0013). Nothing on the dashboards reads notification_preferences any more.
DROP TRIGGER "notification_preferences_dashboard_changed" ON "notification_preferences";--> statement-breakpoint
CREATE TRIGGER "useraccounts_time_zone_dashboard_changed" AFTER UPDATE OF "time_zone" ON "useraccounts"
  FOR EACH ROW EXECUTE FUNCTION "carerelay_dashboard_changed"('user_id');
