-- Decision 064's running balance updates the token's row with every ledger entry. The tokens'
-- "catalogue_changed" notification (0005) fired for those updates too: every open order page on
-- every instance then read its order again, and the prices' snapshot was dropped, on every
-- ledger write. An update of tokens now notifies only when a column other than ledger_balance
-- changed; inserts, deletes and truncates notify as before.
CREATE OR REPLACE FUNCTION "notify_tokens_updated"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1
    FROM "old_tokens" o
    FULL JOIN "new_tokens" n ON n."id" = o."id"
    WHERE o."id" IS NULL OR n."id" IS NULL
      OR (to_jsonb(n) - 'ledger_balance') IS DISTINCT FROM (to_jsonb(o) - 'ledger_balance')
  ) THEN
    PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- safe: replaced in this same transaction by the two triggers below, which notify as it did except for an update of ledger_balance alone
DROP TRIGGER "tokens_notify" ON "tokens";
--> statement-breakpoint
CREATE TRIGGER "tokens_notify"
  AFTER INSERT OR DELETE OR TRUNCATE ON "tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "tokens_notify_update"
  AFTER UPDATE ON "tokens" REFERENCING OLD TABLE AS "old_tokens" NEW TABLE AS "new_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_tokens_updated"();
