-- AlterTable
ALTER TABLE "Delivery" ADD COLUMN "searchKey" TEXT;

-- CreateIndex
CREATE INDEX "Delivery_shop_searchKey_idx" ON "Delivery"("shop", "searchKey");


-- The search key of the rows stored before it (docs/decisions/202): the same folding as the app's for the accents
-- Spanish and Portuguese names carry (in steps: one expression of every replace overflows SQLite's parser); rows
-- written from now on get the app's own key at insert.
UPDATE "Delivery" SET "searchKey" = COALESCE(json_extract("payload", '$.customer.first_name'), json_extract("payload", '$.customer.firstName'), '') || ' ' || COALESCE(json_extract("payload", '$.customer.last_name'), json_extract("payload", '$.customer.lastName'), '') || ' | ' || COALESCE(json_extract("payload", '$.shipping_address.first_name'), json_extract("payload", '$.shippingAddress.firstName'), '') || ' ' || COALESCE(json_extract("payload", '$.shipping_address.last_name'), json_extract("payload", '$.shippingAddress.lastName'), '') || ' | ' || COALESCE(json_extract("payload", '$.email'), json_extract("payload", '$.customer.email'), '') || ' | ' || replace(replace(replace(replace(replace(replace(COALESCE(json_extract("payload", '$.customer.phone'), json_extract("payload", '$.customer.phone'), ''), ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') || ' ' || replace(replace(replace(replace(replace(replace(COALESCE(json_extract("payload", '$.phone'), json_extract("payload", '$.phone'), ''), ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '') || ' ' || replace(replace(replace(replace(replace(replace(COALESCE(json_extract("payload", '$.shipping_address.phone'), json_extract("payload", '$.shippingAddress.phone'), ''), ' ', ''), '-', ''), '+', ''), '(', ''), ')', ''), '.', '')
WHERE "payload" IS NOT NULL AND json_valid("payload");
UPDATE "Delivery" SET "searchKey" = replace(replace(replace(replace(replace(replace(replace(replace("searchKey", 'á', 'a'), 'Á', 'a'), 'à', 'a'), 'À', 'a'), 'ä', 'a'), 'Ä', 'a'), 'â', 'a'), 'Â', 'a') WHERE "searchKey" IS NOT NULL;
UPDATE "Delivery" SET "searchKey" = replace(replace(replace(replace(replace(replace(replace(replace("searchKey", 'ã', 'a'), 'Ã', 'a'), 'é', 'e'), 'É', 'e'), 'è', 'e'), 'È', 'e'), 'ë', 'e'), 'Ë', 'e') WHERE "searchKey" IS NOT NULL;
UPDATE "Delivery" SET "searchKey" = replace(replace(replace(replace(replace(replace(replace(replace("searchKey", 'ê', 'e'), 'Ê', 'e'), 'í', 'i'), 'Í', 'i'), 'ì', 'i'), 'Ì', 'i'), 'ï', 'i'), 'Ï', 'i') WHERE "searchKey" IS NOT NULL;
UPDATE "Delivery" SET "searchKey" = replace(replace(replace(replace(replace(replace(replace(replace("searchKey", 'î', 'i'), 'Î', 'i'), 'ó', 'o'), 'Ó', 'o'), 'ò', 'o'), 'Ò', 'o'), 'ö', 'o'), 'Ö', 'o') WHERE "searchKey" IS NOT NULL;
UPDATE "Delivery" SET "searchKey" = replace(replace(replace(replace(replace(replace(replace(replace("searchKey", 'ô', 'o'), 'Ô', 'o'), 'õ', 'o'), 'Õ', 'o'), 'ú', 'u'), 'Ú', 'u'), 'ù', 'u'), 'Ù', 'u') WHERE "searchKey" IS NOT NULL;
UPDATE "Delivery" SET "searchKey" = replace(replace(replace(replace(replace(replace(replace(replace("searchKey", 'ü', 'u'), 'Ü', 'u'), 'û', 'u'), 'Û', 'u'), 'ñ', 'n'), 'Ñ', 'n'), 'ç', 'c'), 'Ç', 'c') WHERE "searchKey" IS NOT NULL;
UPDATE "Delivery" SET "searchKey" = substr(lower("searchKey"), 1, 400) WHERE "searchKey" IS NOT NULL;

-- The key holds the buyer's name and phone: it goes when the payload goes (redaction, retention, a cancelled cart).
CREATE TRIGGER "Delivery_searchKey_cleared" AFTER UPDATE OF "payload" ON "Delivery"
WHEN NEW."payload" IS NULL AND NEW."searchKey" IS NOT NULL
BEGIN
  UPDATE "Delivery" SET "searchKey" = NULL WHERE "id" = NEW."id";
END;
