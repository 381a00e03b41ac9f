import prisma from "../../db.server";
import { holdPolicyOf } from "../holds/settings.server";
import { oweFulfilmentTask } from "../holds/tasks.server";

/**
 * The loop test's hold steps (docs/decisions/211): with holds on, the test order is held after routing like any
 * order; it has no buyer, so once it is held and its callback has tagged it, the test itself gives the confirmed
 * answer and the app releases its hold. `tagged`: the order's delivery has its callback (read by the caller with the
 * rest of the delivery). Null while holds are off (the loop has no hold steps then).
 */
export async function loopHoldFacts(shop: string, order: { id: string; tagged: boolean } | null, now = new Date()) {
  if (!(await holdPolicyOf(shop)).enabled) return null;
  if (!order) return { heldAt: null, releasedAt: null, problem: null };
  const orderId = order.id;
  const tasks = await prisma.fulfilmentTask.findMany({
    where: { shop, orderId, kind: { in: ["hold", "release"] } },
    orderBy: { createdAt: "asc" },
  });
  const hold = tasks.find((task) => task.kind === "hold");
  const release = tasks.find((task) => task.kind === "release");
  const ended = (task: typeof hold) => task && (task.status === "stood_down" || task.status === "given_up");
  const heldAt = hold?.status === "done" ? hold.doneAt : null;
  // The test's own confirmation: released like a buyer's confirmed answer, by the next fulfilment-task run.
  if (heldAt && !release && order.tagged) {
    await oweFulfilmentTask(shop, { kind: "release", subject: orderId, orderId, reason: "confirmed" }, now);
  }
  return {
    heldAt,
    releasedAt: release?.status === "done" ? release.doneAt : null,
    problem: ended(hold) ? hold!.lastProblem : ended(release) ? release!.lastProblem : null,
  };
}
