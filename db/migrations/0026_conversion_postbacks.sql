CREATE TABLE "conversion_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversion_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"site_id" text NOT NULL,
	"member_id" bigint,
	"event" text NOT NULL,
	"amount_cents" integer,
	"currency" text,
	"tracking" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expanded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "postback_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postback_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"delivery_id" bigint NOT NULL,
	"status" integer,
	"ms" integer NOT NULL,
	"error" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "postback_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "postback_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"event_id" bigint NOT NULL,
	"network" text NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking" jsonb;--> statement-breakpoint
ALTER TABLE "conversion_events" ADD CONSTRAINT "conversion_events_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_attempts" ADD CONSTRAINT "postback_attempts_delivery_id_postback_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."postback_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "postback_deliveries" ADD CONSTRAINT "postback_deliveries_event_id_conversion_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."conversion_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_events_key" ON "conversion_events" USING btree ("key");--> statement-breakpoint
CREATE INDEX "conversion_events_waiting_idx" ON "conversion_events" USING btree ("id") WHERE "conversion_events"."expanded_at" is null;--> statement-breakpoint
CREATE INDEX "postback_attempts_delivery_idx" ON "postback_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE UNIQUE INDEX "postback_deliveries_event_network_key" ON "postback_deliveries" USING btree ("event_id","network");--> statement-breakpoint
CREATE INDEX "postback_deliveries_due_idx" ON "postback_deliveries" USING btree ("next_at") WHERE "postback_deliveries"."status" = 'pending';