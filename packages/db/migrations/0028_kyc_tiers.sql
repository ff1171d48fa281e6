ALTER TYPE "public"."document_type" ADD VALUE 'proof_of_income';--> statement-breakpoint
ALTER TYPE "public"."document_type" ADD VALUE 'source_of_funds';--> statement-breakpoint
CREATE TABLE "enhanced_declarations" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"income_range" text NOT NULL,
	"occupation" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enhanced_declarations_income_range" CHECK ("enhanced_declarations"."income_range" IN ('up_to_5k', '5k_to_20k', '20k_to_50k', '50k_to_200k', 'over_200k')),
	CONSTRAINT "enhanced_declarations_occupation_length" CHECK (char_length("enhanced_declarations"."occupation") BETWEEN 2 AND 100)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tier1_daily_brl" numeric(38, 18) DEFAULT '1000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tier1_monthly_brl" numeric(38, 18) DEFAULT '5000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tier2_daily_brl" numeric(38, 18) DEFAULT '50000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tier2_monthly_brl" numeric(38, 18) DEFAULT '200000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tier3_daily_brl" numeric(38, 18) DEFAULT '200000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "tier3_monthly_brl" numeric(38, 18) DEFAULT '1000000' NOT NULL;--> statement-breakpoint
ALTER TABLE "enhanced_declarations" ADD CONSTRAINT "enhanced_declarations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enhanced_declarations_user_id_created_at_idx" ON "enhanced_declarations" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_tier_limits_positive" CHECK ("settings"."tier1_daily_brl" > 0 AND "settings"."tier1_monthly_brl" > 0 AND "settings"."tier2_daily_brl" > 0 AND "settings"."tier2_monthly_brl" > 0 AND "settings"."tier3_daily_brl" > 0 AND "settings"."tier3_monthly_brl" > 0);