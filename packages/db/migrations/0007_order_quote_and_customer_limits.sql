ALTER TABLE "settings" ADD COLUMN "customer_max_open_orders" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "customer_max_order_brl" numeric(38, 18) DEFAULT '20000' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "customer_max_daily_brl" numeric(38, 18) DEFAULT '50000' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_unique" UNIQUE("quote_id");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_customer_limits_positive" CHECK ("settings"."customer_max_open_orders" > 0 AND "settings"."customer_max_order_brl" > 0 AND "settings"."customer_max_daily_brl" > 0);