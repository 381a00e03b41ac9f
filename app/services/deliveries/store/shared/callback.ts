import { statement } from "../../../../lib/statement.server";

/*
 * The automation callback's statements (app/services/automation/callback.server.ts through queries.server.ts):
 * find the order's delivery, record the outcome on it with a compare-and-set on its tags, and bring its status in
 * line with the flow's outcome.
 */

/** The newest orders/create delivery of the order named `orderName`, served by the (shop, orderName) index. */
export const findCallbackOrder = statement<{ shop: string; orderName: string }>`
    SELECT "id", "orderId", "tagsApplied", "test" FROM "Delivery"
    WHERE "shop" = ${"shop"} AND "topic" = 'orders/create' AND "orderName" = ${"orderName"} AND "orderId" IS NOT NULL
    ORDER BY "createdAt" DESC LIMIT 1`;

/** The newest orders/create delivery of an order found on the platform, by its id or its name. */
export const findCallbackDelivery = statement<{ shop: string; resourceId: string; orderName: string }>`
    SELECT "id", "orderId", "tagsApplied", "test" FROM "Delivery"
    WHERE "shop" = ${"shop"} AND "topic" = 'orders/create'
      AND ("resourceId" = ${"resourceId"} OR "orderName" = ${"orderName"})
    ORDER BY "createdAt" DESC LIMIT 1`;

/** The stored text of a delivery's applied tags: where the compare-and-set starts. */
export const readAppliedTags = statement<{ id: string }>`
        SELECT "tagsApplied" FROM "Delivery" WHERE "id" = ${"id"}`;

/** The callback's outcome, only while the tags are still `recorded` (two callbacks for one order both land). */
export const recordCallback = statement<{ id: string; status: string; now: Date; tags: string; recorded: string }>`
      UPDATE "Delivery"
      SET "callbackStatus" = ${"status"}, "callbackAt" = ${"now"}, "tagsApplied" = ${"tags"},
        "updatedAt" = ${"now"}
      WHERE "id" = ${"id"} AND "tagsApplied" = ${"recorded"}`;

/**
 * Brings a delivery's status in line with its flow's reported outcome: delivered + failed callback is
 * `flow_failed`, and a later successful callback makes it `delivered` again. Conditional on the current status,
 * so it never races the worker: a callback that arrives while the trigger is still in flight is applied when the
 * worker completes the delivery (shared/outcomes.ts).
 */
export const reconcileFlowOutcome = statement<{ id: string; now: Date }>`
    UPDATE "Delivery"
    SET "status" = CASE WHEN "status" = 'delivered' THEN 'flow_failed' ELSE 'delivered' END, "updatedAt" = ${"now"}
    WHERE "id" = ${"id"}
      AND (("status" = 'delivered' AND "callbackStatus" IN ('error', 'failed'))
        OR ("status" = 'flow_failed' AND ("callbackStatus" IS NULL OR "callbackStatus" NOT IN ('error', 'failed'))))`;
