import prisma from "../../db.server";
import { windowDays } from "../deliveries/insights.server";
import { localDayOf } from "../../lib/time-zone";
import type { Answer } from "../../lib/answer-rules";
import { answerRulesOf } from "./rules.server";

/**
 * The buyers' answers of one shop's window (docs/decisions/210): per day of the shop's calendar, per flow, and the
 * time from the order going to the flow to the buyer's answer (answers by callback only: a timeout is not an answer
 * time). The rows of a window are few (one per answered order), so they are read and counted here.
 */
export interface AnswerDay {
  day: string;
  confirmed: number;
  refused: number;
  noAnswer: number;
}

export interface AnswerFlow {
  flowId: string;
  confirmed: number;
  refused: number;
  noAnswer: number;
  /** confirmed / all answers, 0..1. */
  confirmationRate: number;
}

const FIELD: Record<Answer, "confirmed" | "refused" | "noAnswer"> = {
  confirmed: "confirmed",
  refused: "refused",
  no_answer: "noAnswer",
};

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export async function answerInsights(shop: string, days: number, timeZone: string, now = new Date()) {
  const { names, starts } = windowDays(days, now, timeZone);
  const rows = await prisma.orderAnswer.findMany({
    where: { shop, answeredAt: { gte: starts[0], lte: now } },
    select: { answer: true, answeredAt: true, waitingSince: true, flowId: true, source: true },
  });
  const byDay = new Map(names.map((day) => [day, { day, confirmed: 0, refused: 0, noAnswer: 0 }]));
  const byFlow = new Map<string, AnswerFlow>();
  const waits: number[] = [];
  for (const row of rows) {
    const field = FIELD[row.answer as Answer];
    if (!field) continue;
    const day = byDay.get(localDayOf(row.answeredAt, timeZone));
    if (day) day[field]++;
    const flowId = row.flowId ?? "—";
    const flow = byFlow.get(flowId) ?? { flowId, confirmed: 0, refused: 0, noAnswer: 0, confirmationRate: 0 };
    flow[field]++;
    byFlow.set(flowId, flow);
    if (row.source === "callback" && row.waitingSince) {
      waits.push(Math.max(0, row.answeredAt.getTime() - row.waitingSince.getTime()));
    }
  }
  const flows = [...byFlow.values()]
    .map((flow) => ({ ...flow, confirmationRate: flow.confirmed / (flow.confirmed + flow.refused + flow.noAnswer) }))
    .sort((a, b) => a.flowId.localeCompare(b.flowId));
  waits.sort((a, b) => a - b);
  return {
    series: [...byDay.values()],
    flows,
    waiting: await waitingForAnswer(shop, starts[0]),
    timeToAnswer: { count: waits.length, p50Ms: percentile(waits, 50), p95Ms: percentile(waits, 95) },
  };
}

/**
 * The window's orders sent to the flow that still wait for the buyer's answer: beside "no answer" (a wait that ran
 * out), so a card never says "no answer: 0" while orders wait. None while the shop has no answer rules (no answer is
 * ever recorded then, so no order waits for one); test orders wait for nothing.
 */
async function waitingForAnswer(shop: string, since: Date): Promise<number> {
  if (!(await answerRulesOf(shop)).length) return 0;
  const sent = await prisma.delivery.findMany({
    where: { shop, topic: "orders/create", status: "delivered", test: false, deliveredAt: { gte: since } },
    select: { orderId: true },
  });
  const orderIds = [...new Set(sent.flatMap((row) => (row.orderId ? [row.orderId] : [])))];
  if (!orderIds.length) return 0;
  const answered = await prisma.orderAnswer.count({ where: { shop, orderId: { in: orderIds } } });
  return orderIds.length - answered;
}

export type AnswerInsights = Awaited<ReturnType<typeof answerInsights>>;
