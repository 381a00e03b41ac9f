-- migrate:up
-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN     "searchKey" TEXT;

-- CreateIndex
CREATE INDEX "Delivery_shop_searchKey_idx" ON "Delivery"("shop", "searchKey");

-- The search key of the rows stored before it (docs/decisions/202): the same folding as the app's for the accents
-- Spanish and Portuguese names carry; rows written from now on get the app's own key at insert.
CREATE FUNCTION "delivery_payload_json"("text" TEXT) RETURNS JSONB AS $$
BEGIN
  RETURN "text"::JSONB;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$ LANGUAGE plpgsql IMMUTABLE;

UPDATE "Delivery" AS "d" SET "searchKey" = substr(lower(translate(COALESCE("body" #>> '{customer,first_name}', "body" #>> '{customer,firstName}', '') || ' ' || COALESCE("body" #>> '{customer,last_name}', "body" #>> '{customer,lastName}', '') || ' | ' || COALESCE("body" #>> '{shipping_address,first_name}', "body" #>> '{shippingAddress,firstName}', '') || ' ' || COALESCE("body" #>> '{shipping_address,last_name}', "body" #>> '{shippingAddress,lastName}', '') || ' | ' || COALESCE("body" #>> '{email}', "body" #>> '{customer,email}', ''), 'áÁàÀäÄâÂãÃéÉèÈëËêÊíÍìÌïÏîÎóÓòÒöÖôÔõÕúÚùÙüÜûÛñÑçÇ', 'aaaaaaaaaaeeeeeeeeiiiiiiiioooooooooouuuuuuuunncc')) || ' | ' || regexp_replace(COALESCE("body" #>> '{customer,phone}', "body" #>> '{customer,phone}', ''), '\D', '', 'g') || ' ' || regexp_replace(COALESCE("body" #>> '{phone}', "body" #>> '{phone}', ''), '\D', '', 'g') || ' ' || regexp_replace(COALESCE("body" #>> '{shipping_address,phone}', "body" #>> '{shippingAddress,phone}', ''), '\D', '', 'g'), 1, 400)
FROM (SELECT "id", "delivery_payload_json"("payload") AS "body" FROM "Delivery" WHERE "payload" IS NOT NULL) AS "parsed"
WHERE "d"."id" = "parsed"."id" AND "parsed"."body" IS NOT NULL;

DROP FUNCTION "delivery_payload_json"(TEXT);

-- The key holds the buyer's name and phone: it goes when the payload goes (redaction, retention, a cancelled cart).
CREATE FUNCTION "Delivery_searchKey_cleared"() RETURNS trigger AS $$
BEGIN
  NEW."searchKey" := NULL;
  RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER "Delivery_searchKey_cleared" BEFORE UPDATE OF "payload" ON "Delivery"
FOR EACH ROW WHEN (NEW."payload" IS NULL AND NEW."searchKey" IS NOT NULL)
EXECUTE FUNCTION "Delivery_searchKey_cleared"();

-- migrate:down
DROP TRIGGER IF EXISTS "Delivery_searchKey_cleared" ON "Delivery";
DROP FUNCTION IF EXISTS "Delivery_searchKey_cleared"();

