CREATE TABLE "price_holds" (
	"token_id" text PRIMARY KEY NOT NULL,
	"price_brl" numeric(38, 18) NOT NULL,
	"previous_price_brl" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_holds_price_brl_positive" CHECK ("price_holds"."price_brl" > 0)
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "manual_price_confirm_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "feed_price_hold_percent" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "price_holds" ADD CONSTRAINT "price_holds_token_id_tokens_id_fk" FOREIGN KEY ("token_id") REFERENCES "public"."tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_manual_price_confirm_positive" CHECK ("settings"."manual_price_confirm_percent" > 0);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_feed_price_hold_positive" CHECK ("settings"."feed_price_hold_percent" > 0);