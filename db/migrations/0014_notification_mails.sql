ALTER TYPE "public"."email_token_purpose" ADD VALUE 'login_link';--> statement-breakpoint
CREATE TABLE "mail_campaigns" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_campaigns_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"type" text NOT NULL,
	"texts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notification_mail_log" (
	"member_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_mail_log_member_id_kind_subject_key_pk" PRIMARY KEY("member_id","kind","subject_key")
);
--> statement-breakpoint
ALTER TABLE "email_tokens" ADD COLUMN "target_path" text;--> statement-breakpoint
ALTER TABLE "notification_mail_log" ADD CONSTRAINT "notification_mail_log_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;