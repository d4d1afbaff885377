ALTER TABLE "members" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "totp_recovery_codes" jsonb;