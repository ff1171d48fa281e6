ALTER TABLE "orders" ADD COLUMN "boleto_line" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_boleto_line_digits" CHECK ("orders"."boleto_line" ~ '^[0-9]{47}$');