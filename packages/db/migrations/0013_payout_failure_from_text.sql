-- Reasons stored as English sentences become codes: the two fixed sentences map to their codes,
-- any other sentence is kept as it was, as a legacy text.
UPDATE "orders" SET "payout_failure" = CASE
  WHEN "payout_error" = 'The exchange API key and secret are not configured. Nothing was sent.'
    THEN '{"code":"exchange_not_configured","params":{}}'::jsonb
  WHEN "payout_error" = 'The order has no network to pay out on. Nothing was sent.'
    THEN '{"code":"no_network","params":{}}'::jsonb
  ELSE jsonb_build_object('code', 'legacy', 'params', jsonb_build_object('text', "payout_error"))
END
WHERE "payout_error" IS NOT NULL AND "payout_failure" IS NULL;
