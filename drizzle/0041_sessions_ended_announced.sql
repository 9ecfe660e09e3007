-- A notification stream trusts its session until the session's expiry (src/server/notifications/
-- stream.ts) rather than reading it again before every event; so the end of a session comes to the
-- streams as a notice, on the channel their notifications come on: signing out (the row deleted),
-- or any change that makes it end sooner or belong to someone else. Notices on one channel reach a
-- listener in commit order, so a stream ends before any notification committed after the session
-- ended reaches it. A payload lists at most 100 session ids, far under NOTIFY's 8000 bytes.
CREATE FUNCTION "carerelay_sessions_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'ROW' THEN
    PERFORM pg_notify('carerelay_notifications', json_build_object('endedSessions', json_build_array(OLD."id"))::text);
  ELSE
    PERFORM pg_notify('carerelay_notifications', json_build_object('endedSessions', json_agg("ended"."id"))::text)
      FROM (SELECT "id", (row_number() OVER ()) / 100 AS "chunk" FROM "old_rows") AS "ended" GROUP BY "chunk";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "session_ended_delete" AFTER DELETE ON "session" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_sessions_ended"();
--> statement-breakpoint
-- better-auth moves expires_at later as a session is used: no notice for that.
CREATE TRIGGER "session_ended_update" AFTER UPDATE ON "session" FOR EACH ROW
  WHEN (NEW."expires_at" < OLD."expires_at" OR NEW."created_at" < OLD."created_at"
    OR NEW."user_id" IS DISTINCT FROM OLD."user_id" OR NEW."id" IS DISTINCT FROM OLD."id")
  EXECUTE FUNCTION "carerelay_sessions_ended"();
