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
CREATE UNIQUE INDEX "pix_charges_txid_key" ON "pix_charges" USING btree ("txid");--> statement-breakpoint
-- An order's page also shows its PSP charge and the payments returned (decision 041): a change to
-- either is announced like a change to the order (0005), so open pages refresh. Rows with no
-- order (a payment in the inbox) announce nothing.
CREATE OR REPLACE FUNCTION "notify_orders_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  EXECUTE format(
    'SELECT array_agg(DISTINCT %1$I::text) FROM (SELECT %1$I FROM "changed" WHERE %1$I IS NOT NULL LIMIT 101) AS c',
    TG_ARGV[0]) INTO ids;
  IF ids IS NULL THEN
    RETURN NULL;
  ELSIF cardinality(ids) > 100 THEN
    PERFORM pg_notify('order_changed', '*');
  ELSE
    PERFORM pg_notify('order_changed', i) FROM unnest(ids) AS i;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "pix_charges_notify_update"
  AFTER UPDATE ON "pix_charges" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_changed"('order_id');
--> statement-breakpoint
CREATE TRIGGER "incoming_payments_notify_update"
  AFTER UPDATE ON "incoming_payments" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_changed"('order_id');
