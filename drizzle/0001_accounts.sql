CREATE TABLE "agency_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"contact_phone" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manager_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"role" text DEFAULT 'admin' NOT NULL,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"default_rate" numeric(10, 2) NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "therapist_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"zip_code" text NOT NULL,
	"disciplines" text[] NOT NULL,
	"service_radius_miles" integer DEFAULT 25 NOT NULL,
	"available_for_referrals" boolean DEFAULT true NOT NULL,
	"years_experience" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "therapist_rates" (
	"therapist_id" text NOT NULL,
	"service_id" text NOT NULL,
	"rate" numeric(10, 2) NOT NULL,
	CONSTRAINT "therapist_rates_therapist_id_service_id_pk" PRIMARY KEY("therapist_id","service_id")
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"first_name" text,
	"last_name" text,
	"npi_number" text,
	"license_number" text,
	"license_state" text,
	"license_expiry" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "useraccounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"user_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "useraccounts_userId_unique" UNIQUE("user_id"),
	CONSTRAINT "useraccounts_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "agency_profiles" ADD CONSTRAINT "agency_profiles_id_useraccounts_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."useraccounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_profiles" ADD CONSTRAINT "manager_profiles_id_useraccounts_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."useraccounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_profiles" ADD CONSTRAINT "therapist_profiles_id_useraccounts_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."useraccounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_rates" ADD CONSTRAINT "therapist_rates_therapist_id_therapist_profiles_id_fk" FOREIGN KEY ("therapist_id") REFERENCES "public"."therapist_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "therapist_rates" ADD CONSTRAINT "therapist_rates_service_id_service_types_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."service_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_id_useraccounts_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."useraccounts"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "service_types" ("id", "name", "default_rate", "sort_order") VALUES
  ('evaluation', 'Initial Evaluation', 150, 1),
  ('treatment', 'Treatment Session', 100, 2),
  ('progress_report', 'Progress Report', 75, 3),
  ('discharge', 'Discharge Summary', 100, 4);
