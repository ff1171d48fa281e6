ALTER TABLE "tokens" ADD COLUMN "ledger_balance" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_ledger_balance_non_negative" CHECK ("tokens"."ledger_balance" >= 0);--> statement-breakpoint
-- Decision 064: tokens.ledger_balance is the sum of the token's treasury_entries (credits -
-- debits), kept by the database in the transaction of every write, so that every writer (this
-- release, the previous one during a rolling upgrade, seeds, scripts) keeps it alike.
-- Statement-level triggers with transition tables: one UPDATE per token and statement, however
-- many rows the statement wrote. The UPDATE takes the token's row lock until commit, the lock
-- the stock checks already take (lockToken, FOR NO KEY UPDATE); the CHECK on tokens refuses a
-- write that takes the sum below zero.
-- The whole migration is one transaction (tokens are locked by the ALTERs above, first, as the
-- application locks a token before writing its entries); the SHARE ROW EXCLUSIVE lock keeps the previous
-- release's writers out from the backfill to the triggers' creation (readers go on).
LOCK TABLE "treasury_entries" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "treasury_entries_keep_ledger_balance"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "tokens" SET "ledger_balance" = 0 WHERE "ledger_balance" <> 0;
  ELSIF TG_OP = 'INSERT' THEN
    -- the tokens' locks in id order (as lockTokens): two statements writing the same tokens
    -- cannot take them crosswise
    PERFORM 1 FROM "tokens" WHERE "id" IN (SELECT "token_id" FROM "written_entries") ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "tokens" SET "ledger_balance" = "tokens"."ledger_balance" + "moved"."delta"
    FROM (
      SELECT "token_id", sum(CASE WHEN "direction" = 'credit' THEN "amount" ELSE -"amount" END) AS "delta"
      FROM "written_entries" GROUP BY "token_id"
    ) AS "moved"
    WHERE "tokens"."id" = "moved"."token_id" AND "moved"."delta" <> 0;
  ELSIF TG_OP = 'DELETE' THEN
    -- the tokens' locks in id order (as lockTokens): two statements writing the same tokens
    -- cannot take them crosswise
    PERFORM 1 FROM "tokens" WHERE "id" IN (SELECT "token_id" FROM "removed_entries") ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "tokens" SET "ledger_balance" = "tokens"."ledger_balance" + "moved"."delta"
    FROM (
      SELECT "token_id", sum(CASE WHEN "direction" = 'credit' THEN -"amount" ELSE "amount" END) AS "delta"
      FROM "removed_entries" GROUP BY "token_id"
    ) AS "moved"
    WHERE "tokens"."id" = "moved"."token_id" AND "moved"."delta" <> 0;
  ELSE
    -- the tokens' locks in id order (as lockTokens): two statements writing the same tokens
    -- cannot take them crosswise
    PERFORM 1 FROM "tokens" WHERE "id" IN (SELECT "token_id" FROM "written_entries" UNION SELECT "token_id" FROM "removed_entries") ORDER BY "id" FOR NO KEY UPDATE;
    UPDATE "tokens" SET "ledger_balance" = "tokens"."ledger_balance" + "moved"."delta"
    FROM (
      SELECT "token_id", sum("delta") AS "delta" FROM (
        SELECT "token_id", CASE WHEN "direction" = 'credit' THEN "amount" ELSE -"amount" END AS "delta"
        FROM "written_entries"
        UNION ALL
        SELECT "token_id", CASE WHEN "direction" = 'credit' THEN -"amount" ELSE "amount" END
        FROM "removed_entries"
      ) AS "both_sides" GROUP BY "token_id"
    ) AS "moved"
    WHERE "tokens"."id" = "moved"."token_id" AND "moved"."delta" <> 0;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "treasury_entries_ledger_balance_insert"
  AFTER INSERT ON "treasury_entries" REFERENCING NEW TABLE AS "written_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "treasury_entries_keep_ledger_balance"();
--> statement-breakpoint
CREATE TRIGGER "treasury_entries_ledger_balance_update"
  AFTER UPDATE ON "treasury_entries" REFERENCING OLD TABLE AS "removed_entries" NEW TABLE AS "written_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "treasury_entries_keep_ledger_balance"();
--> statement-breakpoint
CREATE TRIGGER "treasury_entries_ledger_balance_delete"
  AFTER DELETE ON "treasury_entries" REFERENCING OLD TABLE AS "removed_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "treasury_entries_keep_ledger_balance"();
--> statement-breakpoint
CREATE TRIGGER "treasury_entries_ledger_balance_truncate"
  AFTER TRUNCATE ON "treasury_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "treasury_entries_keep_ledger_balance"();
--> statement-breakpoint
-- the ledger written so far (the lock above: nothing is written meanwhile)
UPDATE "tokens" SET "ledger_balance" = "sums"."balance"
FROM (
  SELECT "token_id", sum(CASE WHEN "direction" = 'credit' THEN "amount" ELSE -"amount" END) AS "balance"
  FROM "treasury_entries" GROUP BY "token_id"
) AS "sums"
WHERE "tokens"."id" = "sums"."token_id";
