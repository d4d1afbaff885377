ALTER TABLE "sessions" ADD COLUMN "visible_path" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "visible_at" timestamp with time zone;