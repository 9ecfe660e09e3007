-- Attachment file names and visit reasons are PHI: from now on they are written sealed (AES-256-GCM,
-- bound to their row) into the new *_sealed columns. The plain columns stay only so rows written
-- before this migration are not lost: reads fall back to them, and a start-up pass seals each one
-- into its new column and clears the plain value, in batches, idempotently.
ALTER TABLE "note_attachments" ALTER COLUMN "file_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "note_attachments" ADD COLUMN "file_name_sealed" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "status_reason_sealed" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "exception_reason_sealed" text;
