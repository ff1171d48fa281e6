ALTER TABLE "incoming_payments" ADD COLUMN "refund_refusal" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "problem" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "problem_detail" text;--> statement-breakpoint
ALTER TABLE "integrations" ADD COLUMN "problem_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_risk_checks" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payout_risk_checks" ADD COLUMN "ended_by" text;--> statement-breakpoint
ALTER TABLE "payout_risk_checks" ADD CONSTRAINT "payout_risk_checks_ended_by" CHECK ("payout_risk_checks"."ended_by" IS NULL OR "payout_risk_checks"."ended_by" IN ('paid_by_hand', 'refunded'));