import prisma from "../../db.server";
import { ANSWER_TAGS, type Answer } from "../../lib/answer-rules";
import { addsAnswerTag } from "../automation/tag-policy.server";
import { oweOrderTag } from "../deliveries/owed-tags.server";

/**
 * The order owes the tag of the buyer's answer (docs/decisions/301): an owed tag like the error and held tags (tried
 * at once, then on their schedule while the platform fails), on the order's latest delivery, unless the shop turned
 * answer tags off. An order the app never received has no delivery to keep the task on: its answer stays in the
 * app's own record only.
 */
export async function oweAnswerTag(shop: string, orderId: string, answer: Answer) {
  if (!(await addsAnswerTag(shop))) return;
  const delivery = await prisma.delivery.findFirst({
    where: { shop, topic: "orders/create", orderId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { id: true, shop: true, topic: true, orderId: true },
  });
  if (delivery) await oweOrderTag(delivery, ANSWER_TAGS[answer]);
}
