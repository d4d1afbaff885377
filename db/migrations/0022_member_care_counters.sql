ALTER TABLE "member_care" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "member_care" ADD COLUMN "day_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "member_care" ADD COLUMN "night_messages" integer DEFAULT 0 NOT NULL;