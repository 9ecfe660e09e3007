-- The list facts' recount (migrations 0026, 0031) one referral at a time, each statement by the
-- referral's key, so PostgreSQL plans each once per connection and always reads by index. The
-- statements took the statement's referrals as one array: planned again on every call (a custom
-- plan for the array's values, about a millisecond of each referral post), and, priced against a
-- referrals table the planner thought small, a hash join that read every referral to update one.
-- What it does is unchanged: the referrals a statement touched, locked first in id order, each in
-- a statement before the recounts (so a recount sees everything committed before its lock), then
-- each recounted and rewritten only when a fact changed.
CREATE OR REPLACE FUNCTION "carerelay_referral_facts"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "ids" uuid[];
  "rid" uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT "referral_id" ORDER BY "referral_id") INTO "ids" FROM "new_rows";
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT "referral_id" ORDER BY "referral_id") INTO "ids" FROM "old_rows";
  ELSE
    SELECT array_agg(DISTINCT "referral_id" ORDER BY "referral_id") INTO "ids"
    FROM (SELECT "referral_id" FROM "new_rows" UNION SELECT "referral_id" FROM "old_rows") "changed";
  END IF;
  IF "ids" IS NULL THEN RETURN NULL; END IF;
  -- The referrals first, in id order, before any recount: a recount whose snapshot was taken
  -- while another transaction's write to the same referral was uncommitted would count without it
  -- and, once that one committed, leave its count short (two visits completed at once). Under READ
  -- COMMITTED each recount below, a statement after the locks, sees all committed before them.
  FOREACH "rid" IN ARRAY "ids" LOOP
    PERFORM 1 FROM "referrals" WHERE "id" = "rid" FOR NO KEY UPDATE;
  END LOOP;
  FOREACH "rid" IN ARRAY "ids" LOOP
    IF TG_TABLE_NAME = 'referral_offers' THEN
      UPDATE "referrals" "r" SET "offer_count" = "c"."n"
      FROM (SELECT count(*)::int AS "n" FROM "referral_offers" "o" WHERE "o"."referral_id" = "rid") "c"
      WHERE "r"."id" = "rid" AND "r"."offer_count" <> "c"."n";
    ELSIF TG_TABLE_NAME = 'referral_responses' THEN
      UPDATE "referrals" "r" SET "response_count" = "c"."n"
      FROM (SELECT count(*)::int AS "n" FROM "referral_responses" "x" WHERE "x"."referral_id" = "rid"
              AND "x"."status" IN ('accepted', 'rate_requested', 'countered', 'confirmed')) "c"
      WHERE "r"."id" = "rid" AND "r"."response_count" <> "c"."n";
    ELSIF TG_TABLE_NAME = 'visits' THEN
      UPDATE "referrals" "r" SET "visits_done" = "c"."n"
      FROM (SELECT count(*)::int AS "n" FROM "visits" "v" WHERE "v"."referral_id" = "rid"
              AND "v"."status" IN ('completed', 'documented', 'approved', 'paid')) "c"
      WHERE "r"."id" = "rid" AND "r"."visits_done" <> "c"."n";
    ELSIF TG_TABLE_NAME = 'referral_services' THEN
      UPDATE "referrals" "r" SET "visits_ordered" = "c"."n", "services_summary" = "c"."services"
      FROM (SELECT coalesce(sum("s"."visit_count"), 0)::int AS "n",
                   coalesce(jsonb_agg(jsonb_build_object('serviceId', "s"."service_id", 'visitCount', "s"."visit_count", 'offeredRate', "s"."offered_rate"::float8)
                     ORDER BY "s"."service_id"), '[]') AS "services"
            FROM "referral_services" "s" WHERE "s"."referral_id" = "rid") "c"
      WHERE "r"."id" = "rid" AND ("r"."visits_ordered" <> "c"."n" OR "r"."services_summary" <> "c"."services");
    END IF;
  END LOOP;
  RETURN NULL;
END
$$;
