-- Dashboard figures are kept for a few seconds per agency or therapist (src/server/dashboards).
-- Every change to a row behind them announces whose figures changed, whoever makes it (any API
-- instance, a job, a script): NOTIFY carerelay_dashboards with that user's id. Identical payloads
-- in one transaction are delivered once, so a bulk write sends one message per user.
CREATE FUNCTION "carerelay_dashboard_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "column" text;
  "user_id" text;
BEGIN
  -- TG_ARGV: the columns holding the ids of the users whose dashboards read this row.
  FOREACH "column" IN ARRAY TG_ARGV LOOP
    IF TG_OP <> 'INSERT' THEN
      "user_id" := to_jsonb(OLD) ->> "column";
      IF "user_id" IS NOT NULL THEN PERFORM pg_notify('carerelay_dashboards', "user_id"); END IF;
    END IF;
    IF TG_OP <> 'DELETE' THEN
      "user_id" := to_jsonb(NEW) ->> "column";
      IF "user_id" IS NOT NULL THEN PERFORM pg_notify('carerelay_dashboards', "user_id"); END IF;
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "referrals_dashboard_changed" AFTER INSERT OR UPDATE OR DELETE ON "referrals"
  FOR EACH ROW EXECUTE FUNCTION "carerelay_dashboard_changed"('agency_id', 'matched_therapist_id');
--> statement-breakpoint
CREATE TRIGGER "visits_dashboard_changed" AFTER INSERT OR UPDATE OR DELETE ON "visits"
  FOR EACH ROW EXECUTE FUNCTION "carerelay_dashboard_changed"('agency_id', 'therapist_id');
--> statement-breakpoint
CREATE TRIGGER "payouts_dashboard_changed" AFTER INSERT OR UPDATE OR DELETE ON "payouts"
  FOR EACH ROW EXECUTE FUNCTION "carerelay_dashboard_changed"('therapist_id');
--> statement-breakpoint
CREATE TRIGGER "agency_profiles_dashboard_changed" AFTER INSERT OR UPDATE OR DELETE ON "agency_profiles"
  FOR EACH ROW EXECUTE FUNCTION "carerelay_dashboard_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "therapist_profiles_dashboard_changed" AFTER INSERT OR UPDATE OR DELETE ON "therapist_profiles"
  FOR EACH ROW EXECUTE FUNCTION "carerelay_dashboard_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "notification_preferences_dashboard_changed" AFTER INSERT OR UPDATE OR DELETE ON "notification_preferences"
  FOR EACH ROW EXECUTE FUNCTION "carerelay_dashboard_changed"('user_id');
