ALTER TABLE "orders" ADD COLUMN "extra_fee" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_proof_storage_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payout_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_user_token_network_unique" ON "wallets" USING btree ("user_id","token_id",coalesce("network_id", ''));--> statement-breakpoint
CREATE INDEX "orders_receive_token_open_idx" ON "orders" USING btree ("receive_token_id") WHERE "orders"."status" NOT IN ('completed', 'canceled', 'refunded', 'admin_paid');--> statement-breakpoint
CREATE INDEX "orders_admin_paid_status_changed_at_idx" ON "orders" USING btree ("status_changed_at") WHERE "orders"."status" = 'admin_paid';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_extra_fee_non_negative" CHECK ("orders"."extra_fee" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payout_attempts_non_negative" CHECK ("orders"."payout_attempts" >= 0);