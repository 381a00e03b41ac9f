import prisma from "../../db.server";
import type { CarrierPace } from "../../lib/carrier-pace";
import { carrierPaceOf } from "./pace.server";
import { pollDueAt, pollIntervalMs, type ScheduledOrder } from "./poll-schedule";
import { FINAL_STAGES } from "./stages";

/**
 * Which orders one token's run asks about (docs/decisions/328). `nextPollAt` keeps when each open order is due
 * (poll-schedule.ts); it is written when the app first sees the order and after each poll. A push that moves the
 * order later does not rewrite it (the receiver and the apply job stay the journey's): an order whose stored time
 * came is read again, and one that moved since is given its new time instead of a call.
 */

export const OPEN_ORDER = { stage: { notIn: [...FINAL_STAGES] as string[] } };

/** New orders given their time in one run; more wait for the next run (they are not due for hours anyway). */
const SCHEDULE_PER_RUN = 2_000;
/** Due candidates read at once, and at most how many one run reads before it leaves the rest to the next. */
const PAGE = 100;
const CHECKED_PER_RUN = 5_000;

const SCHEDULE_FIELDS = {
  id: true,
  shop: true,
  supplierOrderId: true,
  stage: true,
  carrier: true,
  stageSince: true,
  lastEventAt: true,
  openIncident: true,
  incidentSince: true,
  lastPolledAt: true,
  createdAt: true,
} as const;

export type PlannedOrder = ScheduledOrder & { id: string; shop: string };

export interface TokenPlan {
  /** Due now, most overdue first, at most the allowance. */
  due: PlannedOrder[];
  intervalMs: number;
  paceOf: (shop: string) => CarrierPace;
}

export async function planToken(
  shops: string[],
  now: Date,
  allowance: number,
  budgetPerMinute: number,
): Promise<TokenPlan> {
  const [open, paces] = await Promise.all([
    prisma.supplierOrder.count({ where: { shop: { in: shops }, ...OPEN_ORDER } }),
    Promise.all(shops.map(async (shop) => [shop, await carrierPaceOf(shop)] as const)),
  ]);
  const table = new Map(paces);
  const paceOf = (shop: string) => table.get(shop)!;
  const intervalMs = pollIntervalMs(open, budgetPerMinute);
  const dueAt = (order: PlannedOrder) => pollDueAt(order, paceOf(order.shop), intervalMs);

  // Orders the app has just heard of, by push or by the callback, wait for their stage's pace like any other.
  const unscheduled = await prisma.supplierOrder.findMany({
    where: { shop: { in: shops }, ...OPEN_ORDER, nextPollAt: null },
    select: SCHEDULE_FIELDS,
    orderBy: { createdAt: "asc" },
    take: SCHEDULE_PER_RUN,
  });
  for (const order of unscheduled) await setNextPoll(order, dueAt(order));

  const due: PlannedOrder[] = [];
  for (let checked = 0; due.length < allowance && checked < CHECKED_PER_RUN;) {
    const page = await prisma.supplierOrder.findMany({
      where: {
        shop: { in: shops },
        ...OPEN_ORDER,
        nextPollAt: { lte: now },
        id: { notIn: due.map((order) => order.id) },
      },
      select: SCHEDULE_FIELDS,
      orderBy: [{ nextPollAt: "asc" }, { createdAt: "asc" }],
      take: PAGE,
    });
    for (const order of page) {
      if (due.length >= allowance) break;
      const at = dueAt(order);
      if (at.getTime() <= now.getTime()) due.push(order);
      else await setNextPoll(order, at);
    }
    checked += page.length;
    if (page.length < PAGE) break;
  }
  return { due, intervalMs, paceOf };
}

export function setNextPoll(order: { id: string; shop: string }, at: Date, polledAt?: Date) {
  return prisma.supplierOrder.updateMany({
    where: { id: order.id, shop: order.shop },
    data: { nextPollAt: at, ...(polledAt ? { lastPolledAt: polledAt } : {}) },
  });
}
