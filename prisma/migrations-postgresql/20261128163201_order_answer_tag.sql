-- migrate:up
-- AlterTable
ALTER TABLE "OrderTagPolicy" ADD COLUMN     "answerTag" BOOLEAN NOT NULL DEFAULT true;

-- migrate:down
