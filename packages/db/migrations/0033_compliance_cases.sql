CREATE TABLE "coaf_declarations" (
	"year" integer PRIMARY KEY NOT NULL,
	"sent_on" date NOT NULL,
	"protocol" text NOT NULL,
	"recorded_by" text NOT NULL,
	"recorded_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coaf_declarations_year" CHECK ("coaf_declarations"."year" BETWEEN 2000 AND 2999)
);
--> statement-breakpoint
CREATE TABLE "coaf_reminders" (
	"year" integer PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "compliance_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"rule" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"order_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"facts" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_alerts_rule" CHECK ("compliance_alerts"."rule" IN ('structuring', 'third_party_payer', 'volume_spike', 'new_wallets'))
);
--> statement-breakpoint
CREATE TABLE "compliance_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"decision" text,
	"decision_text" text,
	"protocol" text,
	"reported_on" date,
	"decided_by" text,
	"decided_by_name" text,
	"decided_at" timestamp with time zone,
	"last_alert_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_cases_status" CHECK ("compliance_cases"."status" IN ('open', 'under_analysis', 'closed')),
	CONSTRAINT "compliance_cases_decision" CHECK (("compliance_cases"."status" = 'closed') = ("compliance_cases"."decision" IS NOT NULL AND "compliance_cases"."decided_at" IS NOT NULL AND "compliance_cases"."decision_text" IS NOT NULL)),
	CONSTRAINT "compliance_cases_reported_protocol" CHECK ("compliance_cases"."decision" IS NULL OR "compliance_cases"."decision" = 'dismissed' OR ("compliance_cases"."decision" = 'reported' AND "compliance_cases"."protocol" IS NOT NULL AND "compliance_cases"."reported_on" IS NOT NULL)),
	CONSTRAINT "compliance_cases_decision_kind" CHECK ("compliance_cases"."decision" IN ('dismissed', 'reported'))
);
--> statement-breakpoint
CREATE TABLE "compliance_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"case_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "compliance_notes_body_length" CHECK (char_length("compliance_notes"."body") BETWEEN 1 AND 5000)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "compliance_structuring_orders" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "compliance_structuring_margin_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "compliance_window_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "compliance_volume_multiple" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "compliance_volume_min_brl" numeric(38, 18) DEFAULT '50000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "compliance_first_month_brl" numeric(38, 18) DEFAULT '100000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "compliance_new_wallets" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "compliance_alerts" ADD CONSTRAINT "compliance_alerts_case_id_compliance_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."compliance_cases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_alerts" ADD CONSTRAINT "compliance_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_cases" ADD CONSTRAINT "compliance_cases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "compliance_notes" ADD CONSTRAINT "compliance_notes_case_id_compliance_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."compliance_cases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_alerts_dedupe_key" ON "compliance_alerts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "compliance_alerts_case_idx" ON "compliance_alerts" USING btree ("case_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "compliance_cases_one_open_per_user" ON "compliance_cases" USING btree ("user_id") WHERE "compliance_cases"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "compliance_cases_queue_idx" ON "compliance_cases" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "compliance_cases_user_idx" ON "compliance_cases" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "compliance_notes_case_idx" ON "compliance_notes" USING btree ("case_id","created_at");--> statement-breakpoint
-- safe: the new columns hold only their defaults, which pass the check
ALTER TABLE "settings" ADD CONSTRAINT "settings_compliance_thresholds" CHECK ("settings"."compliance_structuring_orders" >= 2 AND "settings"."compliance_structuring_margin_percent" BETWEEN 1 AND 50 AND "settings"."compliance_window_days" BETWEEN 1 AND 90 AND "settings"."compliance_volume_multiple" >= 2 AND "settings"."compliance_volume_min_brl" > 0 AND "settings"."compliance_first_month_brl" > 0 AND "settings"."compliance_new_wallets" >= 2);--> statement-breakpoint
-- The case queue's records are kept 5 years (decision 066): no row of it is ever deleted, and an
-- alert or a note never changes once written. A case changes only by its own moves.
CREATE FUNCTION "compliance_records_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% on % is not allowed: compliance records are kept (decision 066)', TG_OP, TG_TABLE_NAME;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "compliance_cases_kept" BEFORE DELETE ON "compliance_cases" FOR EACH ROW EXECUTE FUNCTION "compliance_records_kept"();--> statement-breakpoint
CREATE TRIGGER "compliance_alerts_kept" BEFORE UPDATE OR DELETE ON "compliance_alerts" FOR EACH ROW EXECUTE FUNCTION "compliance_records_kept"();--> statement-breakpoint
CREATE TRIGGER "compliance_notes_kept" BEFORE UPDATE OR DELETE ON "compliance_notes" FOR EACH ROW EXECUTE FUNCTION "compliance_records_kept"();--> statement-breakpoint
CREATE TRIGGER "coaf_declarations_kept" BEFORE UPDATE OR DELETE ON "coaf_declarations" FOR EACH ROW EXECUTE FUNCTION "compliance_records_kept"();
