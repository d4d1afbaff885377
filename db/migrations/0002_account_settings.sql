CREATE TYPE "public"."deletion_reason" AS ENUM('price', 'found_someone', 'not_looking', 'site_problems', 'no_members_nearby', 'takes_too_much_time', 'other');--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_deletions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"site_id" text NOT NULL,
	"previous_status" "member_status" NOT NULL,
	"reason" "deletion_reason" NOT NULL,
	"remarks" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reactivated_at" timestamp with time zone,
	"purged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "member_discounts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "member_discounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"percentage" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "mail_opt_outs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_discounts" ADD CONSTRAINT "member_discounts_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_member_idx" ON "account_deletions" USING btree ("member_id","requested_at");--> statement-breakpoint
CREATE UNIQUE INDEX "member_discounts_member_kind_key" ON "member_discounts" USING btree ("member_id","kind");--> statement-breakpoint
CREATE INDEX "members_deleting_idx" ON "members" USING btree ("deletion_requested_at") WHERE "members"."status" = 'deletion_requested';