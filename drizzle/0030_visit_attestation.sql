-- The check-out attestation (signature or why none), sealed with the PHI key; null for visits checked out before it.
ALTER TABLE "visits" ADD COLUMN "attestation_sealed" text;