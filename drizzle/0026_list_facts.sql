DROP INDEX "referrals_agency_id_matched_at_id_index";--> statement-breakpoint
ALTER TABLE "referral_offers" ADD COLUMN "open_posted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referral_offers" ADD COLUMN "open_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "offer_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "response_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "visits_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "visits_ordered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referrals" ADD COLUMN "services_summary" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "referral_offers_open_index" ON "referral_offers" USING btree ("therapist_id","open_posted_at","referral_id","open_expires_at","hidden_at") WHERE "referral_offers"."open_posted_at" is not null;--> statement-breakpoint
CREATE INDEX "referrals_agency_matches_index" ON "referrals" USING btree ("agency_id","matched_at","id","matched_therapist_id","status") WHERE "referrals"."matched_at" is not null;--> statement-breakpoint
-- Facts the paged lists show, kept on the rows they list (src/server/referrals/list-queries.ts,
-- src/server/dashboards/list-queries.ts) so a page reads its 25 rows and nothing per row. Triggers
-- keep them, in the transaction of whatever writes the rows behind them (any use case, a job, a
-- script, a cascade): each recounts the referrals a statement touched, so a fact is exact after
-- every statement and never drifts; a referral whose fact did not change is not rewritten.
CREATE FUNCTION "carerelay_referral_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ids" uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "referral_id") INTO "ids" FROM "new_rows";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "referral_id") INTO "ids" FROM "old_rows";
  ELSE
    SELECT array_agg(DISTINCT "referral_id") INTO "ids" FROM (SELECT "referral_id" FROM "new_rows" UNION SELECT "referral_id" FROM "old_rows") "changed";
  END IF;
  IF "ids" IS NULL THEN RETURN NULL; END IF;
  IF TG_TABLE_NAME = 'referral_offers' THEN
    UPDATE "referrals" "r" SET "offer_count" = "c"."n"
    FROM (SELECT "rid" AS "id", (SELECT count(*) FROM "referral_offers" "o" WHERE "o"."referral_id" = "rid")::int AS "n" FROM unnest("ids") AS "u"("rid")) "c"
    WHERE "r"."id" = "c"."id" AND "r"."offer_count" <> "c"."n";
  ELSIF TG_TABLE_NAME = 'referral_responses' THEN
    UPDATE "referrals" "r" SET "response_count" = "c"."n"
    FROM (SELECT "rid" AS "id", (SELECT count(*) FROM "referral_responses" "x" WHERE "x"."referral_id" = "rid"
            AND "x"."status" IN ('accepted', 'rate_requested', 'countered', 'confirmed'))::int AS "n" FROM unnest("ids") AS "u"("rid")) "c"
    WHERE "r"."id" = "c"."id" AND "r"."response_count" <> "c"."n";
  ELSIF TG_TABLE_NAME = 'visits' THEN
    UPDATE "referrals" "r" SET "visits_done" = "c"."n"
    FROM (SELECT "rid" AS "id", (SELECT count(*) FROM "visits" "v" WHERE "v"."referral_id" = "rid"
            AND "v"."status" IN ('completed', 'documented', 'approved', 'paid'))::int AS "n" FROM unnest("ids") AS "u"("rid")) "c"
    WHERE "r"."id" = "c"."id" AND "r"."visits_done" <> "c"."n";
  ELSIF TG_TABLE_NAME = 'referral_services' THEN
    UPDATE "referrals" "r" SET "visits_ordered" = "c"."n", "services_summary" = "c"."services"
    FROM (SELECT "rid" AS "id",
            (SELECT coalesce(sum("s"."visit_count"), 0) FROM "referral_services" "s" WHERE "s"."referral_id" = "rid")::int AS "n",
            (SELECT coalesce(jsonb_agg(jsonb_build_object('serviceId', "s"."service_id", 'visitCount', "s"."visit_count", 'offeredRate', "s"."offered_rate"::float8)
               ORDER BY "s"."service_id"), '[]') FROM "referral_services" "s" WHERE "s"."referral_id" = "rid") AS "services"
          FROM unnest("ids") AS "u"("rid")) "c"
    WHERE "r"."id" = "c"."id" AND ("r"."visits_ordered" <> "c"."n" OR "r"."services_summary" <> "c"."services");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "referral_offers_facts_insert" AFTER INSERT ON "referral_offers" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_referral_facts"();
--> statement-breakpoint
CREATE TRIGGER "referral_offers_facts_delete" AFTER DELETE ON "referral_offers" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_referral_facts"();
--> statement-breakpoint
CREATE TRIGGER "referral_responses_facts_insert" AFTER INSERT ON "referral_responses" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_referral_facts"();
--> statement-breakpoint
CREATE TRIGGER "referral_responses_facts_update" AFTER UPDATE ON "referral_responses" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_referral_facts"();
--> statement-breakpoint
CREATE TRIGGER "referral_responses_facts_delete" AFTER DELETE ON "referral_responses" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_referral_facts"();
--> statement-breakpoint
CREATE TRIGGER "visits_facts_insert" AFTER INSERT ON "visits" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_referral_facts"();
--> statement-breakpoint
CREATE TRIGGER "visits_facts_update" AFTER UPDATE ON "visits" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_referral_facts"();
--> statement-breakpoint
CREATE TRIGGER "visits_facts_delete" AFTER DELETE ON "visits" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_referral_facts"();
--> statement-breakpoint
CREATE TRIGGER "referral_services_facts_insert" AFTER INSERT ON "referral_services" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_referral_facts"();
--> statement-breakpoint
CREATE TRIGGER "referral_services_facts_update" AFTER UPDATE ON "referral_services" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_referral_facts"();
--> statement-breakpoint
CREATE TRIGGER "referral_services_facts_delete" AFTER DELETE ON "referral_services" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_referral_facts"();
--> statement-breakpoint
-- A therapist's open offers ('Referrals near me'): each offer carries its referral's posted time
-- and expiry while the referral is posted (null otherwise), so the list is a range of the
-- therapist's own offers in one index instead of a join with every posted referral.
CREATE FUNCTION "carerelay_offer_open_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'referral_offers' THEN
    SELECT "r"."posted_at", "r"."expires_at" INTO NEW."open_posted_at", NEW."open_expires_at"
    FROM "referrals" "r" WHERE "r"."id" = NEW."referral_id" AND "r"."status" = 'posted';
    RETURN NEW;
  END IF;
  UPDATE "referral_offers" SET
    "open_posted_at" = CASE WHEN NEW."status" = 'posted' THEN NEW."posted_at" END,
    "open_expires_at" = CASE WHEN NEW."status" = 'posted' THEN NEW."expires_at" END
  WHERE "referral_id" = NEW."id"
    AND ("open_posted_at", "open_expires_at") IS DISTINCT FROM
        (CASE WHEN NEW."status" = 'posted' THEN NEW."posted_at" END, CASE WHEN NEW."status" = 'posted' THEN NEW."expires_at" END);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Writers on the hot path (offers.ts) give the state themselves; any other insert has it looked up.
CREATE TRIGGER "referral_offers_open_state" BEFORE INSERT ON "referral_offers"
  FOR EACH ROW WHEN (NEW."open_posted_at" IS NULL) EXECUTE FUNCTION "carerelay_offer_open_state"();
--> statement-breakpoint
CREATE TRIGGER "referrals_offer_open_state" AFTER UPDATE ON "referrals"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."posted_at" IS DISTINCT FROM NEW."posted_at" OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at")
  EXECUTE FUNCTION "carerelay_offer_open_state"();
--> statement-breakpoint
-- Existing rows.
UPDATE "referrals" "r" SET
  "offer_count" = (SELECT count(*) FROM "referral_offers" "o" WHERE "o"."referral_id" = "r"."id"),
  "response_count" = (SELECT count(*) FROM "referral_responses" "x" WHERE "x"."referral_id" = "r"."id" AND "x"."status" IN ('accepted', 'rate_requested', 'countered', 'confirmed')),
  "visits_done" = (SELECT count(*) FROM "visits" "v" WHERE "v"."referral_id" = "r"."id" AND "v"."status" IN ('completed', 'documented', 'approved', 'paid')),
  "visits_ordered" = (SELECT coalesce(sum("s"."visit_count"), 0) FROM "referral_services" "s" WHERE "s"."referral_id" = "r"."id"),
  "services_summary" = (SELECT coalesce(jsonb_agg(jsonb_build_object('serviceId', "s"."service_id", 'visitCount', "s"."visit_count", 'offeredRate', "s"."offered_rate"::float8)
     ORDER BY "s"."service_id"), '[]') FROM "referral_services" "s" WHERE "s"."referral_id" = "r"."id");
--> statement-breakpoint
UPDATE "referral_offers" "o" SET "open_posted_at" = "r"."posted_at", "open_expires_at" = "r"."expires_at"
FROM "referrals" "r" WHERE "r"."id" = "o"."referral_id" AND "r"."status" = 'posted';
