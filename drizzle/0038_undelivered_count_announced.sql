-- The managers' dashboard counts the open undelivered messages (src/server/dashboards/cached-figures.ts).
-- Each API instance keeps that count until a change to the records is announced on
-- carerelay_dashboards under the payload 'undelivered-messages' (no tenant's id is a word): a job
-- recording a message it gave up on, the sweep, a manager's Retry. Once per statement; identical
-- notices in one transaction are sent once.
CREATE FUNCTION "carerelay_undelivered_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('carerelay_dashboards', 'undelivered-messages');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "undelivered_messages_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "undelivered_messages"
  FOR EACH STATEMENT EXECUTE FUNCTION "carerelay_undelivered_changed"();
