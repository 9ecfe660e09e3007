-- An agency's lists (referrals, patients, therapists) are kept per agency by each API instance
-- until the agency's rows change (src/server/dashboards/tenant-reads.ts), announced on
-- carerelay_dashboards (0013). Two things those lists show live outside the agency's referral
-- rows, so their changes are announced to the agency here: a matched therapist's name and
-- disciplines, and whether a referral's patient details have been saved.
CREATE FUNCTION "carerelay_matched_agencies_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carerelay_dashboards', "agencies"."agency_id")
    FROM (SELECT DISTINCT "agency_id" FROM "referrals" WHERE "matched_therapist_id" = NEW."id") AS "agencies";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "therapist_profiles_listed_changed" AFTER UPDATE OF "first_name", "last_name", "disciplines" ON "therapist_profiles"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name" OR OLD."last_name" IS DISTINCT FROM NEW."last_name"
    OR OLD."disciplines" IS DISTINCT FROM NEW."disciplines")
  EXECUTE FUNCTION "carerelay_matched_agencies_changed"();
--> statement-breakpoint
CREATE FUNCTION "carerelay_patient_details_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "referral" uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."referral_id" ELSE NEW."referral_id" END;
BEGIN
  PERFORM pg_notify('carerelay_dashboards', "referrals"."agency_id") FROM "referrals" WHERE "referrals"."id" = "referral";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "patients_details_changed" AFTER INSERT OR DELETE ON "patients"
  FOR EACH ROW EXECUTE FUNCTION "carerelay_patient_details_changed"();
