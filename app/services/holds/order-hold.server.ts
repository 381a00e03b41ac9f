import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { orderAnswerOf } from "../answers/record.server";
import { knowsOrder, parseOrderRef } from "../deliveries/order-story.server";
import { holdStateOf } from "./hold-state.server";
import { holdPolicyOf } from "./settings.server";
import { addFulfilmentTaskJob } from "./tasks.server";

/**
 * One order's buyer answer and the app's hold, as the order page's block, the log and home show them
 * (docs/decisions/211). `hold.state`: none (never held), owed (a hold is on its way), held, released, cancelled,
 * cancel_refused (the platform refused the cancel: `problem` says why), stood_down (the merchant acted first).
 */
export async function orderBuyerState(shop: string, orderId: string) {
  const [answer, tasks] = await Promise.all([
    orderAnswerOf(shop, orderId),
    prisma.fulfilmentTask.findMany({ where: { shop, orderId }, orderBy: { createdAt: "asc" } }),
  ]);
  const action = holdStateOf(tasks);
  const state = action?.state ?? "none";
  const since = action?.since ?? null;
  const problem = action?.problem ?? null;
  const latest = (kind: string) => tasks.filter((task) => task.kind === kind).at(-1);
  const [release, cancel] = [latest("release"), latest("cancel")];
  // A cancel or release still owed is on its way: the block says so rather than offering it again.
  const pending = [release, cancel].find((task) => task?.status === "owed")?.kind ?? null;
  return {
    answer: answer
      ? {
          answer: answer.answer,
          answeredAt: answer.answeredAt.toISOString(),
          waitingSince: answer.waitingSince?.toISOString() ?? null,
          source: answer.source,
        }
      : null,
    hold: { state, since, problem, pending },
  };
}

export type OrderBuyerState = Awaited<ReturnType<typeof orderBuyerState>>;

/**
 * The merchant's own release or cancel from the order page ("Liberar ahora", "Cancelar pedido"): owed as a task
 * like the app's own, tried by the next run. A finished task of the same kind is owed again (the merchant asked
 * explicitly; each step is idempotent against the platform); one still owed is left as it is.
 */
export async function requestOrderAction(shop: string, orderRef: string, kind: "release" | "cancel", now = new Date()) {
  const ref = parseOrderRef(orderRef);
  if (!ref)
    throw AppError.forField("orderId", "must be an order id like gid://shopify/Order/123", { code: "invalid_input" });
  if (!(await holdPolicyOf(shop)).enabled) throw new AppError(409, "Holds are off for this shop", "holds_off");
  // As "send again" answers: an order the app never received is not one to hold, release or cancel.
  const known =
    (await knowsOrder(shop, ref)) || (await prisma.fulfilmentTask.count({ where: { shop, orderId: ref.gid } })) > 0;
  if (!known) throw new AppError(404, "The app has no record of this order", "not_found");
  const key = { shop_kind_subject: { shop, kind, subject: ref.gid } };
  const task = await prisma.fulfilmentTask.upsert({
    where: key,
    create: { shop, kind, subject: ref.gid, orderId: ref.gid, reason: "merchant", status: "owed", dueAt: now },
    update: {},
  });
  await prisma.fulfilmentTask.updateMany({
    where: { shop, kind, subject: ref.gid, status: { not: "owed" } },
    data: { status: "owed", reason: "merchant", dueAt: now, attempts: 0, lastProblem: null },
  });
  // Tried now; a task still owed keeps its job (one per row) and its schedule.
  await addFulfilmentTaskJob(task, now);
  return orderBuyerState(shop, ref.gid);
}
