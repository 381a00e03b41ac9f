-- docs/decisions/140: the supplier's variations as linked, to show and edit the variant mapping later. A column
-- added in place (Prisma's table redefinition once dropped indexes); existing links keep "[]" and their mapping,
-- which was already one pair per store variant.
ALTER TABLE "ProductAssociation" ADD COLUMN "supplierVariations" TEXT NOT NULL DEFAULT '[]';
