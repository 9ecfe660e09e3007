-- A therapist's private calendar feed links: only the SHA-256 of each link's token, at most one
-- live (unrevoked) link per therapist; revoked ones stay as the record of what existed.
CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"therapist_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_fetched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_therapist_id_therapist_profiles_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_hash_index" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_one_live_per_therapist" ON "calendar_feeds" USING btree ("therapist_id") WHERE "calendar_feeds"."revoked_at" is null;