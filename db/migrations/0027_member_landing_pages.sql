ALTER TYPE "public"."like_source" ADD VALUE 'signup';--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "signup_profile_id" bigint;