ALTER TABLE "notifications" DROP CONSTRAINT "notifications_user_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_offers" DROP CONSTRAINT "referral_offers_referral_id_referrals_id_fk";
--> statement-breakpoint
ALTER TABLE "referral_offers" DROP CONSTRAINT "referral_offers_therapist_id_therapist_profiles_id_fk";
--> statement-breakpoint
-- Those three references stay, kept as ON DELETE CASCADE kept them, by triggers that check a whole
-- statement's rows at once. A foreign key checks each row inserted with a query of its own: a
-- referral posted to 5,000 therapists ran 15,000 of them, 28–35 ms for each constraint (EXPLAIN
-- ANALYZE), the largest part of its statement (PostgreSQL 18 does not batch them). Here each
-- statement looks its references up once, locking them FOR KEY SHARE as a foreign key's check does,
-- so none can be deleted before the transaction ends; a missing one is the error a foreign key
-- raises. Deleting a referenced row deletes its referencing rows; changing a referenced key that is
-- still referenced is refused. TRUNCATE does not cascade to them: the app never truncates.

-- AFTER INSERT, FOR EACH STATEMENT, the rows as "new_rows". Argument: the reference, by the name
-- its constraint had, which is also the name the error gives. One static statement a reference,
-- planned once a connection: EXECUTE would plan it again for every post, dearer than ten checks.
CREATE FUNCTION "carerelay_references_present"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "missing" bigint;
  "key" text;
  "column" text;
  "referenced" text;
BEGIN
  -- Both counts are read whole, so every referenced row is locked before the statement ends.
  IF TG_ARGV[0] = 'notifications_user_id_user_id_fk' THEN
    "referenced" := 'user';
    SELECT (SELECT count(DISTINCT "user_id") FROM "new_rows")
         - (SELECT count(*) FROM (SELECT 1 FROM "user" WHERE "id" IN (SELECT "user_id" FROM "new_rows") FOR KEY SHARE) AS "present")
      INTO "missing";
    IF "missing" > 0 THEN
      SELECT 'user_id', "user_id" INTO "column", "key" FROM "new_rows" WHERE NOT EXISTS (SELECT FROM "user" WHERE "id" = "new_rows"."user_id") LIMIT 1;
    END IF;
  ELSIF TG_ARGV[0] = 'referral_offers_referral_id_referrals_id_fk' THEN
    "referenced" := 'referrals';
    SELECT (SELECT count(DISTINCT "referral_id") FROM "new_rows")
         - (SELECT count(*) FROM (SELECT 1 FROM "referrals" WHERE "id" IN (SELECT "referral_id" FROM "new_rows") FOR KEY SHARE) AS "present")
      INTO "missing";
    IF "missing" > 0 THEN
      SELECT 'referral_id', "referral_id"::text INTO "column", "key" FROM "new_rows" WHERE NOT EXISTS (SELECT FROM "referrals" WHERE "id" = "new_rows"."referral_id") LIMIT 1;
    END IF;
  ELSIF TG_ARGV[0] = 'referral_offers_therapist_id_therapist_profiles_id_fk' THEN
    "referenced" := 'therapist_profiles';
    SELECT (SELECT count(DISTINCT "therapist_id") FROM "new_rows")
         - (SELECT count(*) FROM (SELECT 1 FROM "therapist_profiles" WHERE "id" IN (SELECT "therapist_id" FROM "new_rows") FOR KEY SHARE) AS "present")
      INTO "missing";
    IF "missing" > 0 THEN
      SELECT 'therapist_id', "therapist_id" INTO "column", "key" FROM "new_rows" WHERE NOT EXISTS (SELECT FROM "therapist_profiles" WHERE "id" = "new_rows"."therapist_id") LIMIT 1;
    END IF;
  ELSE
    RAISE EXCEPTION 'carerelay_references_present: unknown reference %', TG_ARGV[0];
  END IF;
  IF "missing" > 0 THEN
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, TG_ARGV[0]
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_ARGV[0], TABLE = TG_TABLE_NAME, SCHEMA = TG_TABLE_SCHEMA,
        DETAIL = format('Key (%s)=(%s) is not present in table "%s".', "column", "key", "referenced");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- AFTER UPDATE OF the referencing column, FOR EACH ROW, when it changed (the app never changes it).
-- Arguments: the referencing column, the referenced table and column, and the constraint's name.
CREATE FUNCTION "carerelay_reference_present"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "found" bigint;
BEGIN
  EXECUTE format('SELECT 1 FROM %2$I WHERE %3$I = ($1).%1$I FOR KEY SHARE', TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]) USING NEW;
  GET DIAGNOSTICS "found" = ROW_COUNT;
  IF "found" = 0 THEN
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, TG_ARGV[3]
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_ARGV[3], TABLE = TG_TABLE_NAME, SCHEMA = TG_TABLE_SCHEMA;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- AFTER DELETE on the referenced table, FOR EACH STATEMENT, the rows as "old_rows". Arguments: the
-- referenced column, the referencing table and column.
CREATE FUNCTION "carerelay_delete_referencing"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %2$I WHERE %3$I IN (SELECT %1$I FROM "old_rows")', TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- AFTER UPDATE OF the referenced key, FOR EACH ROW, when it changed. Arguments as for the delete, and
-- the constraint's name.
CREATE FUNCTION "carerelay_key_unreferenced"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "found" bigint;
BEGIN
  EXECUTE format('SELECT 1 FROM %2$I WHERE %3$I = ($1).%1$I LIMIT 1', TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]) USING OLD;
  GET DIAGNOSTICS "found" = ROW_COUNT;
  IF "found" > 0 THEN
    RAISE EXCEPTION 'update or delete on table "%" violates foreign key constraint "%" on table "%"', TG_TABLE_NAME, TG_ARGV[3], TG_ARGV[1]
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_ARGV[3], TABLE = TG_TABLE_NAME, SCHEMA = TG_TABLE_SCHEMA;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_user_present" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_references_present"('notifications_user_id_user_id_fk');
--> statement-breakpoint
CREATE TRIGGER "notifications_user_changed" AFTER UPDATE OF "user_id" ON "notifications" FOR EACH ROW
  WHEN (OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "carerelay_reference_present"('user_id', 'user', 'id', 'notifications_user_id_user_id_fk');
--> statement-breakpoint
CREATE TRIGGER "user_notifications_deleted" AFTER DELETE ON "user" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_delete_referencing"('id', 'notifications', 'user_id');
--> statement-breakpoint
CREATE TRIGGER "user_notifications_key_kept" AFTER UPDATE OF "id" ON "user" FOR EACH ROW
  WHEN (OLD."id" IS DISTINCT FROM NEW."id")
  EXECUTE FUNCTION "carerelay_key_unreferenced"('id', 'notifications', 'user_id', 'notifications_user_id_user_id_fk');
--> statement-breakpoint
CREATE TRIGGER "referral_offers_referral_present" AFTER INSERT ON "referral_offers" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_references_present"('referral_offers_referral_id_referrals_id_fk');
--> statement-breakpoint
CREATE TRIGGER "referral_offers_referral_changed" AFTER UPDATE OF "referral_id" ON "referral_offers" FOR EACH ROW
  WHEN (OLD."referral_id" IS DISTINCT FROM NEW."referral_id")
  EXECUTE FUNCTION "carerelay_reference_present"('referral_id', 'referrals', 'id', 'referral_offers_referral_id_referrals_id_fk');
--> statement-breakpoint
CREATE TRIGGER "referrals_offers_deleted" AFTER DELETE ON "referrals" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_delete_referencing"('id', 'referral_offers', 'referral_id');
--> statement-breakpoint
CREATE TRIGGER "referrals_offers_key_kept" AFTER UPDATE OF "id" ON "referrals" FOR EACH ROW
  WHEN (OLD."id" IS DISTINCT FROM NEW."id")
  EXECUTE FUNCTION "carerelay_key_unreferenced"('id', 'referral_offers', 'referral_id', 'referral_offers_referral_id_referrals_id_fk');
--> statement-breakpoint
CREATE TRIGGER "referral_offers_therapist_present" AFTER INSERT ON "referral_offers" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_references_present"('referral_offers_therapist_id_therapist_profiles_id_fk');
--> statement-breakpoint
CREATE TRIGGER "referral_offers_therapist_changed" AFTER UPDATE OF "therapist_id" ON "referral_offers" FOR EACH ROW
  WHEN (OLD."therapist_id" IS DISTINCT FROM NEW."therapist_id")
  EXECUTE FUNCTION "carerelay_reference_present"('therapist_id', 'therapist_profiles', 'id', 'referral_offers_therapist_id_therapist_profiles_id_fk');
--> statement-breakpoint
CREATE TRIGGER "therapist_profiles_offers_deleted" AFTER DELETE ON "therapist_profiles" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_delete_referencing"('id', 'referral_offers', 'therapist_id');
--> statement-breakpoint
CREATE TRIGGER "therapist_profiles_offers_key_kept" AFTER UPDATE OF "id" ON "therapist_profiles" FOR EACH ROW
  WHEN (OLD."id" IS DISTINCT FROM NEW."id")
  EXECUTE FUNCTION "carerelay_key_unreferenced"('id', 'referral_offers', 'therapist_id', 'referral_offers_therapist_id_therapist_profiles_id_fk');
