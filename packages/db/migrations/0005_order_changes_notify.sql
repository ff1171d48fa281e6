-- Every committed change to an order, its events or the catalogue is announced with NOTIFY, so
-- that a process keeping copies of order pages (the API's order page cache) drops them, whoever
-- made the change: a request, a job, another instance, or SQL by hand. PostgreSQL delivers a
-- notification only when its transaction commits, and never for one rolled back.
--   order_changed      payload: the order's id, or '*' when one statement changed more than 100
--                      orders (a bulk change: forget every page)
--   catalogue_changed  payload: the table (tokens or networks)
-- Statement-level triggers with transition tables: one trigger call per statement, whatever the
-- number of rows. New orders are not announced: nothing can hold a copy of them yet.
-- TG_ARGV[0]: the column of the changed rows that holds the order's id (id or order_id).
CREATE OR REPLACE FUNCTION "notify_orders_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids text[];
BEGIN
  EXECUTE format(
    'SELECT array_agg(DISTINCT %1$I::text) FROM (SELECT %1$I FROM "changed" LIMIT 101) AS c',
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
CREATE OR REPLACE FUNCTION "notify_catalogue_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_notify_update"
  AFTER UPDATE ON "orders" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "orders_notify_delete"
  AFTER DELETE ON "orders" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_changed"('id');
--> statement-breakpoint
CREATE TRIGGER "order_events_notify_insert"
  AFTER INSERT ON "order_events" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_changed"('order_id');
--> statement-breakpoint
CREATE TRIGGER "order_events_notify_update"
  AFTER UPDATE ON "order_events" REFERENCING NEW TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_changed"('order_id');
--> statement-breakpoint
CREATE TRIGGER "order_events_notify_delete"
  AFTER DELETE ON "order_events" REFERENCING OLD TABLE AS "changed"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_orders_changed"('order_id');
--> statement-breakpoint
CREATE TRIGGER "tokens_notify"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "networks_notify"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "networks"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
