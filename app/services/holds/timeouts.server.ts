import prisma from "../../db.server";
import { recordNoAnswer } from "../answers/record.server";
import { onNoAnswerTimeout } from "./lifecycle.server";

/**
 * The shops' no-answer hours (docs/decisions/211): an order the app holds whose buyer has not answered within them
 * gets the answer `no_answer`, and the shop's policy for it (keep, release or cancel). The flow's own no-answer
 * callback is not an answer here: it only recorded what the flow saw, and the hours decide (docs/decisions/305).
 * Returns how many timed out.
 */
export async function applyNoAnswerTimeouts(now = new Date(), limit = 200): Promise<number> {
  const shops = await prisma.holdSettings.findMany({
    where: { enabled: true, noAnswerHours: { not: null } },
    select: { shop: true, noAnswerHours: true },
  });
  let timedOut = 0;
  for (const { shop, noAnswerHours } of shops) {
    const before = new Date(now.getTime() - noAnswerHours! * 3_600_000);
    for (const task of await unansweredHolds(shop, before, limit)) {
      if (!(await recordNoAnswer(shop, { id: task.orderId, waitingSince: task.createdAt }, now))) continue;
      await onNoAnswerTimeout(shop, task.orderId);
      timedOut++;
    }
  }
  return timedOut;
}

/**
 * The oldest `limit` orders the app holds since `before` whose buyer has not answered. The answered ones are left
 * out by the query itself: hold tasks only accumulate, so taking the oldest first and dropping the answered ones
 * afterwards would meet the same answered ones at the head of every run and never reach the newer ones.
 */
async function unansweredHolds(shop: string, before: Date, limit: number) {
  const rows = await prisma.$queryRaw<{ orderId: string; createdAt: Date | string }[]>`
    SELECT "orderId", MIN("createdAt") AS "createdAt" FROM "FulfilmentTask"
    WHERE "shop" = ${shop} AND "kind" = 'hold' AND "status" = 'done' AND "orderId" IS NOT NULL
      AND "createdAt" <= ${before}
      AND NOT EXISTS (
        SELECT 1 FROM "OrderAnswer"
        WHERE "OrderAnswer"."shop" = "FulfilmentTask"."shop" AND "OrderAnswer"."orderId" = "FulfilmentTask"."orderId"
          AND NOT ("OrderAnswer"."answer" = 'no_answer' AND "OrderAnswer"."source" = 'callback')
      )
    GROUP BY "orderId"
    ORDER BY MIN("createdAt") ASC, "orderId" ASC
    LIMIT ${limit}`;
  return rows.map((row) => ({ orderId: row.orderId, createdAt: new Date(row.createdAt) }));
}
