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

export async function saveOrderTagPolicy(shop: string, replaceOutcomeTag: boolean) {
  const policy = await prisma.orderTagPolicy.upsert({
    where: { shop },
    create: { shop, replaceOutcomeTag },
    update: { replaceOutcomeTag },
  });
  return { replaceOutcomeTag: policy.replaceOutcomeTag };
}
