import type { OrderAnswer } from "@prisma/client";
import type { Answer } from "../../lib/answer-rules";
import { fireFlowTrigger } from "../flow/send-trigger.server";
import type { FlowTriggerHandle } from "../flow/triggers";

const HANDLES: Record<Answer, FlowTriggerHandle> = {
  confirmed: "buyer-confirmed",
  refused: "buyer-refused",
  no_answer: "buyer-no-answer",
};

/**
 * The buyer's answer just recorded, told to the shop's Flow workflows (docs/decisions/338): once per order and
 * answer, so a repeated callback adds nothing, and a buyer who changes their mind fires the other answer's trigger.
 */
export async function oweAnswerTrigger(
  shop: string,
  answer: Pick<OrderAnswer, "orderId" | "answer" | "answeredAt" | "callbackStatus">,
) {
  const handle = HANDLES[answer.answer as Answer];
  if (!handle) return;
  await fireFlowTrigger(shop, handle, {
    orderId: answer.orderId,
    eventKey: `answer:${answer.orderId}:${answer.answer}`,
    fields: { Answer: answer.answer, "Answered at": answer.answeredAt, "Flow status": answer.callbackStatus },
    now: answer.answeredAt,
  });
}
