CREATE TABLE "payout_approvals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payout_approvals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"admin_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_risk_checks" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"value_brl" numeric(38, 18) NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approvals_needed" integer DEFAULT 0 NOT NULL,
	"release_at" timestamp with time zone,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"queued_by" text,
	CONSTRAINT "payout_risk_checks_approvals" CHECK ("payout_risk_checks"."approvals_needed" BETWEEN 0 AND 2),
	CONSTRAINT "payout_risk_checks_queued_by" CHECK ("payout_risk_checks"."queued_by" IS NULL OR "payout_risk_checks"."queued_by" IN ('rule', 'approval', 'release'))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "auto_payout_max_order_brl" numeric(38, 18) DEFAULT '5000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "auto_payout_max_customer_day_brl" numeric(38, 18) DEFAULT '20000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "payout_second_approval_above_brl" numeric(38, 18) DEFAULT '50000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "payout_first_orders_held" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "payout_new_wallet_hold_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "payout_approvals" ADD CONSTRAINT "payout_approvals_order_id_payout_risk_checks_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payout_risk_checks"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_risk_checks" ADD CONSTRAINT "payout_risk_checks_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_risk_checks" ADD CONSTRAINT "payout_risk_checks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_approvals_order_admin_unique" ON "payout_approvals" USING btree ("order_id","admin_id");--> statement-breakpoint
CREATE INDEX "payout_risk_checks_user_queued_idx" ON "payout_risk_checks" USING btree ("user_id","queued_at");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_auto_payout_limits" CHECK ("settings"."auto_payout_max_order_brl" > 0 AND "settings"."auto_payout_max_customer_day_brl" >= "settings"."auto_payout_max_order_brl" AND "settings"."payout_second_approval_above_brl" >= "settings"."auto_payout_max_order_brl");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_payout_holds_range" CHECK ("settings"."payout_first_orders_held" BETWEEN 0 AND 100 AND "settings"."payout_new_wallet_hold_hours" BETWEEN 0 AND 720);