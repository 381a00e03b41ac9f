-- An added column, not a rebuilt table: a rebuild would drop the columns other changes add to OrderOutcome.
ALTER TABLE "OrderOutcome" ADD COLUMN "incidentAnswer" TEXT NOT NULL DEFAULT '';

-- The buyer's answer to a delivery incident marks its order for the outcomes projection in the transaction that
-- records or changes it, as the confirmation's answer does (docs/decisions/332, 340). A customer's redaction that
-- deletes the answer marks nothing: the figures of past days do not move.
CREATE TRIGGER "IncidentAnswer_outcome_dirty_insert" AFTER INSERT ON "IncidentAnswer"
BEGIN
  INSERT INTO "OutcomeDirty" ("shop", "orderId") VALUES (NEW."shop", NEW."orderId")
  ON CONFLICT ("shop", "orderId") DO UPDATE SET "mark" = "mark" + 1;
END;

CREATE TRIGGER "IncidentAnswer_outcome_dirty_update" AFTER UPDATE OF "answer", "answeredAt", "orderId" ON "IncidentAnswer"
BEGIN
  INSERT INTO "OutcomeDirty" ("shop", "orderId") VALUES (NEW."shop", NEW."orderId")
  ON CONFLICT ("shop", "orderId") DO UPDATE SET "mark" = "mark" + 1;
END;

-- The orders already answered, projected again by the job's next runs.
INSERT OR IGNORE INTO "OutcomeDirty" ("shop", "orderId")
SELECT DISTINCT "shop", "orderId" FROM "IncidentAnswer";
