-- A therapist's 'Referrals near me' is kept per therapist by each API instance, like the agency's
-- lists (0036; src/server/dashboards/tenant-reads.ts), until a change is announced to them on
-- carerelay_dashboards. 0013 announces their matched referrals; here everything else the list shows.
-- Identical notices in one transaction are sent once.

-- The list shows their offers (open or not, hidden or not, the distance), once per
-- statement: posting to 5,000 therapists is one insert of 5,000 offers.
CREATE FUNCTION "carerelay_offers_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('carerelay_dashboards', "therapists"."therapist_id") FROM (SELECT DISTINCT "therapist_id" FROM "old_rows") AS "therapists";
  ELSE
    PERFORM pg_notify('carerelay_dashboards', "therapists"."therapist_id") FROM (SELECT DISTINCT "therapist_id" FROM "new_rows") AS "therapists";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "referral_offers_changed_insert" AFTER INSERT ON "referral_offers" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_offers_changed"();
--> statement-breakpoint
CREATE TRIGGER "referral_offers_changed_update" AFTER UPDATE ON "referral_offers" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_offers_changed"();
--> statement-breakpoint
CREATE TRIGGER "referral_offers_changed_delete" AFTER DELETE ON "referral_offers" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_offers_changed"();
--> statement-breakpoint
-- ... the referral offered to them while it is posted: any change but the counts kept for the
-- agency (0026), which change with every answer and which the therapist's list does not show.
CREATE FUNCTION "carerelay_offered_referral_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carerelay_dashboards', "referral_offers"."therapist_id") FROM "referral_offers" WHERE "referral_offers"."referral_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "referrals_offered_changed" AFTER UPDATE ON "referrals" FOR EACH ROW
  WHEN (OLD."status" = 'posted'
    AND to_jsonb(OLD) - ARRAY['offer_count', 'response_count', 'first_response_at', 'updated_at'] IS DISTINCT FROM to_jsonb(NEW) - ARRAY['offer_count', 'response_count', 'first_response_at', 'updated_at'])
  EXECUTE FUNCTION "carerelay_offered_referral_changed"();
--> statement-breakpoint
-- ... their own answers and rates,
CREATE TRIGGER "referral_responses_therapist_changed" AFTER INSERT OR UPDATE OR DELETE ON "referral_responses"
  FOR EACH ROW EXECUTE FUNCTION "carerelay_dashboard_changed"('therapist_id');
--> statement-breakpoint
CREATE TRIGGER "therapist_rates_changed" AFTER INSERT OR UPDATE OR DELETE ON "therapist_rates"
  FOR EACH ROW EXECUTE FUNCTION "carerelay_dashboard_changed"('therapist_id');
--> statement-breakpoint
-- ... and the agency's name, on the referrals open to them and those matched to them.
CREATE FUNCTION "carerelay_agency_name_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carerelay_dashboards', "therapists"."therapist_id") FROM (
    SELECT "referral_offers"."therapist_id" FROM "referrals" JOIN "referral_offers" ON "referral_offers"."referral_id" = "referrals"."id"
      WHERE "referrals"."agency_id" = NEW."id" AND "referral_offers"."open_posted_at" IS NOT NULL
    UNION
    SELECT "matched_therapist_id" FROM "referrals" WHERE "agency_id" = NEW."id" AND "matched_therapist_id" IS NOT NULL
  ) AS "therapists";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "agency_profiles_name_changed" AFTER UPDATE OF "company_name" ON "agency_profiles"
  FOR EACH ROW WHEN (OLD."company_name" IS DISTINCT FROM NEW."company_name")
  EXECUTE FUNCTION "carerelay_agency_name_changed"();
