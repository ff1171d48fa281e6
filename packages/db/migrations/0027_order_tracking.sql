CREATE TABLE "order_tracking_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_tracking_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_tracking_grants_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "order_tracking_codes" ADD CONSTRAINT "order_tracking_codes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tracking_grants" ADD CONSTRAINT "order_tracking_grants_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_tracking_codes_order_id_created_at_idx" ON "order_tracking_codes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_tracking_grants_expires_at_idx" ON "order_tracking_grants" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "order_tracking_codes" ADD CONSTRAINT "order_tracking_codes_failed_attempts_check" CHECK ("failed_attempts" >= 0);
