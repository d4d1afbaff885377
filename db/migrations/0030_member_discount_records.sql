ALTER TABLE "member_discounts" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "member_discounts" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "member_discounts" ADD COLUMN "methods" text[];--> statement-breakpoint
ALTER TABLE "member_discounts" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "member_discounts" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "member_discounts" ADD COLUMN "ended_by_staff_id" bigint;--> statement-breakpoint
ALTER TABLE "member_discounts" ADD CONSTRAINT "member_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_discounts_kind_created_idx" ON "member_discounts" USING btree ("kind","created_at");--> statement-breakpoint
ALTER TABLE "member_discounts" ADD CONSTRAINT "member_discounts_status" CHECK ("member_discounts"."status" in ('active', 'used', 'ended'));