-- DropIndex
DROP INDEX "Job_runAt_idx";

-- CreateIndex
CREATE INDEX "Job_kind_runAt_idx" ON "Job"("kind", "runAt");

