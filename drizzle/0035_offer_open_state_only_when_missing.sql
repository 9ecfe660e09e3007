-- An offer inserted without its referral's open state has it filled in (migration 0028), but only
-- when one of the statement's offers lacks it. offers.ts gives every offer its state, so its inserts
-- skip the update: planned against the whole table with the transition table's size unknown, it read
-- every offer (a hash join) to update none, a cost that grew with the table (5 ms of a post with
-- 6,000 offers, 16 ms with 12,000, in the matching benchmark on a database with a history).
CREATE OR REPLACE FUNCTION "carerelay_offer_open_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'referral_offers' THEN
    IF EXISTS (SELECT 1 FROM "new_rows" WHERE "open_posted_at" IS NULL) THEN
      UPDATE "referral_offers" "o" SET "open_posted_at" = "r"."posted_at", "open_expires_at" = "r"."expires_at"
      FROM "new_rows" "n" JOIN "referrals" "r" ON "r"."id" = "n"."referral_id" AND "r"."status" = 'posted'
      WHERE "n"."open_posted_at" IS NULL AND "o"."referral_id" = "n"."referral_id" AND "o"."therapist_id" = "n"."therapist_id";
    END IF;
    RETURN NULL;
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
