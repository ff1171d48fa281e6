CREATE TABLE "pix_charges" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"txid" text NOT NULL,
	"status" text NOT NULL,
	"pix_copia_e_cola" text,
	"location" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_charges_status" CHECK ("pix_charges"."status" IN ('creating', 'active', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "provider_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"position" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pix_charges_txid_key" ON "pix_charges" USING btree ("txid");