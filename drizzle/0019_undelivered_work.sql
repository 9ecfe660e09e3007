CREATE TABLE "undelivered_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job" text NOT NULL,
	"source_id" uuid NOT NULL,
	"data" jsonb NOT NULL,
	"attempts" integer NOT NULL,
	"last_error" text,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retried_at" timestamp with time zone,
	"retried_by" text
);
--> statement-breakpoint
CREATE UNIQUE INDEX "undelivered_messages_one_open" ON "undelivered_messages" USING btree ("job","source_id") WHERE "undelivered_messages"."retried_at" is null;--> statement-breakpoint
CREATE INDEX "undelivered_messages_open" ON "undelivered_messages" USING btree ("failed_at") WHERE "undelivered_messages"."retried_at" is null;--> statement-breakpoint
CREATE INDEX "undelivered_messages_source_id_index" ON "undelivered_messages" USING btree ("source_id");--> statement-breakpoint
CREATE INDEX "mail_messages_queued" ON "mail_messages" USING btree ("created_at") WHERE "mail_messages"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "sms_messages_queued" ON "sms_messages" USING btree ("created_at") WHERE "sms_messages"."status" = 'queued';