-- An offer's open state (migration 0026) is filled in once per statement rather than by a trigger per row: a
-- bulk insert (the bench market's 700,000 offers, a referral posted to thousands) looked its
-- referral up once per offer. Writers that give the state themselves (offers.ts) cost nothing here.
DROP TRIGGER "referral_offers_open_state" ON "referral_offers";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "carerelay_offer_open_state"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'referral_offers' THEN
    UPDATE "referral_offers" "o" SET "open_posted_at" = "r"."posted_at", "open_expires_at" = "r"."expires_at"
    FROM "new_rows" "n" JOIN "referrals" "r" ON "r"."id" = "n"."referral_id" AND "r"."status" = 'posted'
    WHERE "n"."open_posted_at" IS NULL AND "o"."referral_id" = "n"."referral_id" AND "o"."therapist_id" = "n"."therapist_id";
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
$$;--> statement-breakpoint
CREATE TRIGGER "referral_offers_open_state" AFTER INSERT ON "referral_offers" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_offer_open_state"();
