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
    const held = await prisma.fulfilmentTask.findMany({
      where: { shop, kind: "hold", status: "done", orderId: { not: null }, createdAt: { lte: before } },
      select: { orderId: true, createdAt: true },
      orderBy: { createdAt: "asc" },
      take: limit,
    });
    if (!held.length) continue;
    const answered = new Set(
      (
        await prisma.orderAnswer.findMany({
          where: {
            shop,
            orderId: { in: held.map((task) => task.orderId!) },
            NOT: { answer: "no_answer", source: "callback" },
          },
          select: { orderId: true },
        })
      ).map((row) => row.orderId),
    );
    for (const task of held) {
      if (answered.has(task.orderId!)) continue;
      answered.add(task.orderId!);
      if (!(await recordNoAnswer(shop, { id: task.orderId!, waitingSince: task.createdAt }, now))) continue;
      await onNoAnswerTimeout(shop, task.orderId!);
      timedOut++;
    }
  }
  return timedOut;
}
