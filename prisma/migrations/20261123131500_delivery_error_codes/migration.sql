-- Columns added in place (the outbox table is the largest; a table redefinition would copy it).
ALTER TABLE "Delivery" ADD COLUMN "lastErrorCode" TEXT;
ALTER TABLE "Delivery" ADD COLUMN "lastErrorParams" TEXT;

-- Rows from before codes: the fixed sentences get their code; the rest keep their text, which the page shows as a
-- detail under a generic message.
UPDATE "Delivery" SET "lastErrorCode" = CASE "lastError"
    WHEN 'No automation API key is configured' THEN 'no_api_key'
    WHEN 'No new-order flow is configured' THEN 'no_order_flow'
    WHEN 'No abandoned-cart flow is configured' THEN 'no_cart_flow'
    WHEN 'The order data was erased before it could be delivered' THEN 'payload_erased'
    WHEN 'An order was placed for this checkout' THEN 'checkout_converted'
    WHEN 'The checkout has no phone or email to follow up' THEN 'no_contact'
    WHEN 'The webhook body names no order id; nothing was sent' THEN 'no_order_id'
    WHEN 'Timed out waiting for the automation platform' THEN 'trigger_timeout'
    WHEN 'Internal error while preparing the delivery' THEN 'preparation_failed'
  END
WHERE "lastError" IS NOT NULL;
