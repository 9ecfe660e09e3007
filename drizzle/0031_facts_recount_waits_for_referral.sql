-- The list facts' recount (migration 0026) waits for the referrals it recounts before counting, so
-- two transactions writing rows of one referral at once (two visits completed, two answers) both
-- count: before, the later one counted from a snapshot without the earlier one's row and, its
-- update re-checked against the committed count, left the fact one short.
CREATE OR REPLACE FUNCTION "carerelay_referral_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- The referrals first, in a statement of their own, in id order: a recount whose snapshot was
  -- taken while another transaction's write to the same referral was uncommitted would count
  -- without it and, once that one committed, leave its count short (two visits completed at once).
  -- Under READ COMMITTED the recount below, a new statement, sees all committed before the lock.
  PERFORM 1 FROM "referrals" WHERE "id" = ANY("ids") ORDER BY "id" FOR NO KEY UPDATE;
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
