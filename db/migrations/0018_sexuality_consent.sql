ALTER TABLE "profiles" ADD COLUMN "sexuality_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "sexuality_consent_version" text;