-- migrate:up
-- The log's search looks for words anywhere in the buyer's folded key (docs/decisions/256): a trigram index finds
-- them without a pass over the shop's rows. PostgreSQL only (SQLite reads its (shop, searchKey) index instead);
-- pg_trgm ships with PostgreSQL and is a trusted extension: the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "Delivery_searchKey_trgm_idx" ON "Delivery" USING GIN ("searchKey" gin_trgm_ops);

-- migrate:down
DROP INDEX IF EXISTS "Delivery_searchKey_trgm_idx";
