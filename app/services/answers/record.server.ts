import { Prisma, type OrderAnswer } from "@prisma/client";
import prisma from "../../db.server";
import { answerOf, type Answer, type CallbackSaid } from "../../lib/answer-rules";
import { oweAnswerTag } from "./answer-tag.server";
import { oweAnswerTrigger } from "./answer-trigger.server";
import { answerRulesOf } from "./rules.server";

export interface RecordedAnswer {
  answer: Answer;
  /** False when the order already had this answer (a repeated callback): nothing was written. */
  changed: boolean;
}

/**
 * The buyer's answer a callback gives under the shop's rules, kept on the order (docs/decisions/210). Null when the
 * shop has no rules or none matches: then nothing is written. The same answer again keeps its first time; a
 * different one (the buyer changed their mind) replaces it. A new answer owes the order its tag (docs/decisions/301).
 */
export async function recordOrderAnswer(
  shop: string,
  order: { id: string; name: string | null },
  deliveryId: string | null,
  said: CallbackSaid,
  now = new Date(),
): Promise<RecordedAnswer | null> {
  const rules = await answerRulesOf(shop);
  const answer = answerOf(rules, said);
  if (!answer) return null;
  const fields = {
    answer,
    answeredAt: now,
    source: "callback",
    callbackStatus: said.status ?? null,
    callbackTags: JSON.stringify(said.tags),
  };
  const delivery = deliveryId
    ? await prisma.delivery.findUnique({
        where: { id: deliveryId },
        select: { flowId: true, deliveredAt: true, createdAt: true },
      })
    : null;
  try {
    await prisma.orderAnswer.create({
      data: {
        shop,
        orderId: order.id,
        orderName: order.name,
        deliveryId,
        flowId: delivery?.flowId ?? null,
        waitingSince: delivery ? (delivery.deliveredAt ?? delivery.createdAt) : null,
        ...fields,
      },
    });
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    return changeAnswer(shop, order.id, answer, fields);
  }
  await oweAnswerTag(shop, order.id, answer);
  await oweAnswerTrigger(shop, { orderId: order.id, ...fields });
  return { answer, changed: true };
}

async function changeAnswer(
  shop: string,
  orderId: string,
  answer: Answer,
  fields: Pick<OrderAnswer, "answer" | "answeredAt" | "source" | "callbackStatus" | "callbackTags">,
): Promise<RecordedAnswer> {
  // The order has an answer already: replaced only by a different one, so a repeat changes nothing.
  const { count } = await prisma.orderAnswer.updateMany({
    where: { shop, orderId, answer: { not: answer } },
    data: fields,
  });
  if (count === 1) {
    await oweAnswerTag(shop, orderId, answer);
    await oweAnswerTrigger(shop, { orderId, ...fields });
  }
  return { answer, changed: count === 1 };
}

/** The order's recorded answer; null while it has none. */
export function orderAnswerOf(shop: string, orderId: string): Promise<OrderAnswer | null> {
  return prisma.orderAnswer.findUnique({ where: { shop_orderId: { shop, orderId } } });
}

/** The recorded answers of the shop's orders among `orderIds`, by order id (orders without one are absent). */
export async function orderAnswersOf(
  shop: string,
  orderIds: readonly string[],
): Promise<Map<string, Pick<OrderAnswer, "answer" | "answeredAt">>> {
  if (!orderIds.length) return new Map();
  const rows = await prisma.orderAnswer.findMany({
    where: { shop, orderId: { in: [...new Set(orderIds)] } },
    select: { orderId: true, answer: true, answeredAt: true },
  });
  return new Map(rows.map(({ orderId, ...answer }) => [orderId, answer]));
}

/**
 * No answer in the shop's hours: recorded as the answer `no_answer` (source timeout), only if the order still has
 * none but the flow's own no-answer callback (which it then becomes: the hours ran out on it), so a buyer's answer
 * is never overwritten. True when it was recorded; it owes the order its tag.
 */
export async function recordNoAnswer(
  shop: string,
  order: { id: string; waitingSince: Date },
  now = new Date(),
): Promise<boolean> {
  try {
    await prisma.orderAnswer.create({
      data: {
        shop,
        orderId: order.id,
        answer: "no_answer",
        answeredAt: now,
        waitingSince: order.waitingSince,
        source: "timeout",
      },
    });
    await oweAnswerTag(shop, order.id, "no_answer");
    await oweAnswerTrigger(shop, { orderId: order.id, answer: "no_answer", answeredAt: now, callbackStatus: null });
    return true;
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
  }
  const { count } = await prisma.orderAnswer.updateMany({
    where: { shop, orderId: order.id, answer: "no_answer", source: "callback" },
    data: { answeredAt: now, source: "timeout" },
  });
  if (count !== 1) return false;
  await oweAnswerTag(shop, order.id, "no_answer");
  return true;
}
