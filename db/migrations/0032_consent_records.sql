CREATE TABLE "consent_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"site_id" text NOT NULL,
	"member_id" bigint,
	"analytics" boolean NOT NULL,
	"marketing" boolean NOT NULL,
	"text_version" integer NOT NULL,
	"gpc" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_records" ADD CONSTRAINT "consent_records_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_records_member_idx" ON "consent_records" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "consent_records_site_created_idx" ON "consent_records" USING btree ("site_id","created_at");