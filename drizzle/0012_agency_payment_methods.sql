CREATE TABLE "payment_customers" (
	"agency_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text NOT NULL,
	"payment_method_id" text,
	"payment_method_brand" text,
	"payment_method_last4" text,
	"payment_method_updated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_customerId_unique" UNIQUE("customer_id")
);
--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "charge_reference" text;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "charge_attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_agency_id_agency_profiles_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agency_profiles"("id") ON DELETE cascade ON UPDATE no action;