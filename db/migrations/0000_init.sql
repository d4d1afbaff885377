CREATE TYPE "public"."member_status" AS ENUM('not_confirmed', 'active', 'disabled', 'deletion_requested', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."body_type" AS ENUM('slim', 'normal', 'fat');--> statement-breakpoint
CREATE TYPE "public"."eye_colour" AS ENUM('brown', 'blue', 'green', 'grey', 'hazel');--> statement-breakpoint
CREATE TYPE "public"."gender" AS ENUM('male', 'female');--> statement-breakpoint
CREATE TYPE "public"."hair_colour" AS ENUM('black', 'brown', 'blond', 'red', 'grey', 'bald', 'other');--> statement-breakpoint
CREATE TYPE "public"."relationship_status" AS ENUM('divorced', 'living_together', 'married', 'unmarried', 'single', 'widowed');--> statement-breakpoint
CREATE TYPE "public"."sexuality" AS ENUM('hetero', 'gay', 'lesbian', 'bi');--> statement-breakpoint
CREATE TYPE "public"."signup_reason" AS ENUM('relationship', 'friendship', 'flirt', 'adventure', 'chat');--> statement-breakpoint
CREATE TYPE "public"."tattoos" AS ENUM('none', 'some', 'many');--> statement-breakpoint
CREATE TYPE "public"."photo_status" AS ENUM('pending', 'active', 'rejected');--> statement-breakpoint
CREATE TABLE "members" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "members_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"email" text,
	"password_hash" text,
	"status" "member_status" DEFAULT 'not_confirmed' NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"paid_user" boolean DEFAULT false NOT NULL,
	"language" text,
	"is_fictional" boolean DEFAULT false NOT NULL,
	"invisible" boolean DEFAULT false NOT NULL,
	"tracking" jsonb,
	"notifications_disabled" text[] DEFAULT '{}'::text[] NOT NULL,
	"seed_ref" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deletion_requested_at" timestamp with time zone,
	CONSTRAINT "members_credits_not_negative" CHECK ("members"."credits" >= 0)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"member_id" bigint PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"name" text NOT NULL,
	"gender" "gender",
	"sexuality" "sexuality",
	"birth_date" date,
	"country" text,
	"region" text,
	"city" text,
	"signup_reason" "signup_reason",
	"tattoos" "tattoos",
	"hair_colour" "hair_colour",
	"eye_colour" "eye_colour",
	"body_type" "body_type",
	"relationship_status" "relationship_status",
	"interests" text[] DEFAULT '{}'::text[] NOT NULL,
	"about" text,
	"is_fictional" boolean DEFAULT false NOT NULL,
	"listed" boolean DEFAULT true NOT NULL,
	"main_photo_id" bigint,
	"last_active_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"status" "photo_status" DEFAULT 'pending' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"moderated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"member_id" bigint NOT NULL,
	"site_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"member_id" bigint NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_balance_not_negative" CHECK ("credit_ledger"."balance_after" >= 0)
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_main_photo_id_photos_id_fk" FOREIGN KEY ("main_photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "members_site_email_key" ON "members" USING btree ("site_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "members_seed_ref_key" ON "members" USING btree ("seed_ref");--> statement-breakpoint
CREATE INDEX "members_site_idx" ON "members" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "profiles_pool_search_idx" ON "profiles" USING btree ("pool","gender","last_active_at","member_id") WHERE "profiles"."listed";--> statement-breakpoint
CREATE INDEX "profiles_pool_recent_idx" ON "profiles" USING btree ("pool","last_active_at","member_id") WHERE "profiles"."listed";--> statement-breakpoint
CREATE INDEX "profiles_pool_country_idx" ON "profiles" USING btree ("pool","country","region") WHERE "profiles"."listed";--> statement-breakpoint
CREATE INDEX "photos_member_idx" ON "photos" USING btree ("member_id","position");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "credit_ledger_member_idx" ON "credit_ledger" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_reference_key" ON "credit_ledger" USING btree ("reason","reference") WHERE "credit_ledger"."reference" is not null;