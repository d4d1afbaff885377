ALTER TABLE "members" ADD COLUMN "credit_debt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reversed_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "reversed_credits" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD COLUMN "collected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD COLUMN "return_reason" text;--> statement-breakpoint
CREATE INDEX "direct_debit_requests_phone_idx" ON "direct_debit_requests" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "direct_debit_requests_iban_idx" ON "direct_debit_requests" USING btree ("iban");--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_credit_debt_not_negative" CHECK ("members"."credit_debt" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reversal_range" CHECK ("orders"."reversed_cents" between 0 and "orders"."amount_cents" and "orders"."reversed_credits" >= 0);