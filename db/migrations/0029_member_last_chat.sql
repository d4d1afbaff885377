ALTER TABLE "members" ADD COLUMN "last_chat_id" bigint;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "last_chat_at" timestamp with time zone;