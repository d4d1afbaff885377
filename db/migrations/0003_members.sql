CREATE TABLE "blocks" (
	"blocker_id" bigint NOT NULL,
	"blocked_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
DROP INDEX "profiles_pool_country_idx";--> statement-breakpoint
DROP INDEX "profiles_pool_search_idx";--> statement-breakpoint
DROP INDEX "profiles_pool_recent_idx";--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "preview" text;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_members_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_members_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE INDEX "profiles_pool_place_idx" ON "profiles" USING btree ("pool","country","region","gender","birth_date") WHERE "profiles"."listed";--> statement-breakpoint
CREATE INDEX "profiles_pool_search_idx" ON "profiles" USING btree ("pool","gender","last_active_at","member_id","birth_date","country","region") WHERE "profiles"."listed";--> statement-breakpoint
CREATE INDEX "profiles_pool_recent_idx" ON "profiles" USING btree ("pool","last_active_at","member_id","gender","birth_date","country","region") WHERE "profiles"."listed";