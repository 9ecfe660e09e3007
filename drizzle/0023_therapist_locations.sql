-- Matching in the database (issue 14): each therapist's ZIP centroid on their profile, and a GiST
-- index over the box their service radius covers, so a referral reads the therapists near its
-- patient rather than every therapist in the state. cube and earthdistance are contrib modules that
-- ship with PostgreSQL (the embedded server and Debian's) and are trusted, so a database owner may
-- create them. The centroids come from the zipcodes package, not SQL: the app fills them in for
-- existing therapists when it starts (geo/therapist-locations.ts); until then the matching query
-- judges those by their ZIP, through the partial index on the therapists not located yet.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
ALTER TABLE "therapist_profiles" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "therapist_profiles" ADD COLUMN "longitude" double precision;--> statement-breakpoint
CREATE INDEX "therapist_profiles_coverage" ON "therapist_profiles" USING gist (earth_box(ll_to_earth(latitude, longitude), (service_radius_miles::float8 + 0.051) * earth() / 3958.8));--> statement-breakpoint
CREATE INDEX "therapist_profiles_unlocated" ON "therapist_profiles" USING btree (id) WHERE latitude is null;
