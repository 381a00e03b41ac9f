import type { FulfilmentTask } from "@prisma/client";
import prisma from "../../db.server";
import type { AppAction, AppActionState } from "../../lib/app-action";

type TaskRow = Pick<
  FulfilmentTask,
  "kind" | "status" | "platformRef" | "lastProblem" | "doneAt" | "updatedAt" | "createdAt"
>;

/**
 * What the app did to one order's fulfilment, from its hold, release and cancel tasks (oldest first): the one reading
 * the order page's block, the log, the delivery's page, the export and home share (docs/decisions/211, 300).
 * Null when the app never held the order.
 */
export function holdStateOf(tasks: readonly TaskRow[]): AppAction | null {
  const latest = (kind: string) => tasks.filter((task) => task.kind === kind).at(-1);
  const hold = latest("hold");
  const release = latest("release");
  const cancel = latest("cancel");
  const at = (state: AppActionState, since: Date | null, problem: string | null = null): AppAction => ({
    state,
    since: since?.toISOString() ?? null,
    problem,
  });
  if (cancel?.status === "done") return at("cancelled", cancel.doneAt);
  if (cancel?.status === "given_up") return at("cancel_refused", cancel.updatedAt, cancel.lastProblem);
  if (release?.status === "done" && release.platformRef) return at("released", release.doneAt);
  // The merchant acted first: released, cancelled or fulfilled by hand, whichever task found it.
  const stood = [cancel, release, hold].find((task) => task?.status === "stood_down");
  if (stood) return at("stood_down", stood.updatedAt, stood.lastProblem);
  if (hold?.status === "done") return at("held", hold.doneAt);
  if (hold?.status === "owed") return at("owed", hold.createdAt);
  if (hold?.status === "given_up") return at("not_held", hold.updatedAt, hold.lastProblem);
  return null;
}

const TASK_FIELDS = {
  orderId: true,
  kind: true,
  status: true,
  platformRef: true,
  lastProblem: true,
  doneAt: true,
  updatedAt: true,
  createdAt: true,
} as const;

/** What the app did to each of the shop's orders among `orderIds` (gids), by order; orders never held are absent. */
export async function orderHoldStates(shop: string, orderIds: readonly string[]): Promise<Map<string, AppAction>> {
  const ids = [...new Set(orderIds)];
  if (!ids.length) return new Map();
  const tasks = await prisma.fulfilmentTask.findMany({
    where: { shop, orderId: { in: ids } },
    select: TASK_FIELDS,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  return statesByOrder(tasks);
}

function statesByOrder(tasks: (TaskRow & { orderId: string | null })[]) {
  const byOrder = new Map<string, TaskRow[]>();
  for (const task of tasks) {
    if (!task.orderId) continue;
    byOrder.set(task.orderId, [...(byOrder.get(task.orderId) ?? []), task]);
  }
  const states = new Map<string, AppAction>();
  for (const [orderId, rows] of byOrder) {
    const state = holdStateOf(rows);
    if (state) states.set(orderId, state);
  }
  return states;
}

/**
 * The shop's orders whose fulfilment is now in one of `states` (the log's "what the app did" filter, home's held
 * orders), with each one's state. Reads the shop's hold tasks: one row per held order and step.
 */
export async function ordersInHoldStates(
  shop: string,
  states: readonly AppActionState[],
): Promise<Map<string, AppAction>> {
  const tasks = await prisma.fulfilmentTask.findMany({
    where: { shop, orderId: { not: null } },
    select: TASK_FIELDS,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const found = new Map<string, AppAction>();
  for (const [orderId, state] of statesByOrder(tasks)) if (states.includes(state.state)) found.set(orderId, state);
  return found;
}
