ALTER TABLE "orders" ADD COLUMN "withdraw_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_only" boolean DEFAULT false NOT NULL;