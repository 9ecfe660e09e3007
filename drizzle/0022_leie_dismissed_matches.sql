CREATE TABLE "leie_dismissed_matches" (
	"therapist_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"dismissed_by" text NOT NULL,
	"reason" text NOT NULL,
	"dismissed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leie_dismissed_matches" ADD CONSTRAINT "leie_dismissed_matches_therapist_id_therapist_profiles_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leie_dismissed_matches_therapist_id_fingerprint_index" ON "leie_dismissed_matches" USING btree ("therapist_id","fingerprint");