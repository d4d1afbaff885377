CREATE TYPE "public"."message_kind" AS ENUM('text', 'photo', 'gift');--> statement-breakpoint
CREATE TABLE "conversation_members" (
	"conversation_id" bigint NOT NULL,
	"member_id" bigint NOT NULL,
	"other_id" bigint NOT NULL,
	"last_message_id" bigint,
	"last_message_at" timestamp with time zone,
	"unread" integer DEFAULT 0 NOT NULL,
	"read_up_to" bigint DEFAULT 0 NOT NULL,
	"cleared_at" timestamp with time zone,
	CONSTRAINT "conversation_members_conversation_id_member_id_pk" PRIMARY KEY("conversation_id","member_id"),
	CONSTRAINT "conversation_members_unread_not_negative" CHECK ("conversation_members"."unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_low" bigint NOT NULL,
	"member_high" bigint NOT NULL,
	"started_by" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_pair_ordered" CHECK ("conversations"."member_low" < "conversations"."member_high")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"conversation_id" bigint NOT NULL,
	"sender_id" bigint NOT NULL,
	"kind" "message_kind" NOT NULL,
	"body" text,
	"photo_key" text,
	"photo_thumb_key" text,
	"gift_id" text,
	"credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "free_messages" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD CONSTRAINT "conversation_members_other_id_members_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_low_members_id_fk" FOREIGN KEY ("member_low") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_member_high_members_id_fk" FOREIGN KEY ("member_high") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_started_by_members_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_members_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_members_list_idx" ON "conversation_members" USING btree ("member_id","last_message_at" DESC NULLS LAST,"conversation_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversation_members_unread_idx" ON "conversation_members" USING btree ("member_id") WHERE "conversation_members"."unread" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_key" ON "conversations" USING btree ("member_low","member_high");--> statement-breakpoint
CREATE INDEX "conversations_high_idx" ON "conversations" USING btree ("member_high");--> statement-breakpoint
CREATE INDEX "conversations_started_idx" ON "conversations" USING btree ("started_by");--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_free_messages_not_negative" CHECK ("members"."free_messages" >= 0);