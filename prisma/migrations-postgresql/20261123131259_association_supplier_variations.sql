-- migrate:up
-- AlterTable
ALTER TABLE "ProductAssociation" ADD COLUMN     "supplierVariations" TEXT NOT NULL DEFAULT '[]';

-- migrate:down
