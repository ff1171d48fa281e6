ALTER TABLE "orders" ADD COLUMN "quote_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_unique" UNIQUE("quote_id");