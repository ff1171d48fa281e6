CREATE TABLE "incoming_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"order_id" uuid,
	"token_code" text NOT NULL,
	"network" text,
	"amount" numeric(38, 18) NOT NULL,
	"payer_document" text,
	"payer_name" text,
	"payer_account" text,
	"reference" text,
	"confirmations" integer,
	"required_confirmations" integer,
	"status" text NOT NULL,
	"reason" text,
	"refund_id" text,
	"refund_receipt" text,
	"resolved_by" text,
	"details" jsonb,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incoming_payments_provider" CHECK ("incoming_payments"."provider" IN ('pix', 'exchange', 'deriv')),
	CONSTRAINT "incoming_payments_status" CHECK ("incoming_payments"."status" IN ('seen', 'credited', 'unmatched', 'refunding', 'refunded')),
	CONSTRAINT "incoming_payments_amount_positive" CHECK ("incoming_payments"."amount" > 0),
	CONSTRAINT "incoming_payments_credited_has_order" CHECK ("incoming_payments"."status" <> 'credited' OR "incoming_payments"."order_id" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "incoming_payments" ADD CONSTRAINT "incoming_payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_payments" ADD CONSTRAINT "incoming_payments_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_payments_provider_external_id_key" ON "incoming_payments" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "incoming_payments_order_id_idx" ON "incoming_payments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "incoming_payments_open_idx" ON "incoming_payments" USING btree ("created_at") WHERE "incoming_payments"."status" IN ('unmatched', 'refunding');