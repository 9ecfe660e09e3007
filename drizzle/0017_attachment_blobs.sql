CREATE TABLE "attachment_blobs" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"sealed" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
