import prisma from "../../db.server";

/**
 * Whether a callback's new outcome tag replaces the outcome tag this app added earlier (docs/decisions/193). Off
 * unless the merchant turned it on: the spec's callback tags are only added, and a merchant's saved filters and
 * automations that look for `automation-processed` keep finding the order.
 */
export async function replacesOutcomeTags(shop: string): Promise<boolean> {
  const policy = await prisma.orderTagPolicy.findUnique({ where: { shop }, select: { replaceOutcomeTag: true } });
  return policy?.replaceOutcomeTag ?? false;
}

/** Whether the buyer's answer is added to the order as a tag (docs/decisions/301): on unless the merchant said no. */
export async function addsAnswerTag(shop: string): Promise<boolean> {
  const policy = await prisma.orderTagPolicy.findUnique({ where: { shop }, select: { answerTag: true } });
  return policy?.answerTag ?? true;
}

export interface OrderTagPolicy {
  replaceOutcomeTag: boolean;
  answerTag: boolean;
}

/** The shop's tag preferences, the defaults when it has none. */
export async function orderTagPolicyOf(shop: string): Promise<OrderTagPolicy> {
  const policy = await prisma.orderTagPolicy.findUnique({ where: { shop } });
  return { replaceOutcomeTag: policy?.replaceOutcomeTag ?? false, answerTag: policy?.answerTag ?? true };
}

/** Saves the preferences given; one left out keeps its value. */
export async function saveOrderTagPolicy(shop: string, change: Partial<OrderTagPolicy>): Promise<OrderTagPolicy> {
  const policy = await prisma.orderTagPolicy.upsert({
    where: { shop },
    create: { shop, ...change },
    update: change,
  });
  return { replaceOutcomeTag: policy.replaceOutcomeTag, answerTag: policy.answerTag };
}
