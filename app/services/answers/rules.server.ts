import { z } from "zod";
import prisma from "../../db.server";
import { ANSWERS, MAX_ANSWER_RULES, type AnswerRule, type RecentCallback } from "../../lib/answer-rules";
import { jsonField } from "../../lib/input.server";
import { appConnection, statement } from "../../lib/statement.server";

/** The merchant's answer rules (docs/decisions/210), stored as one JSON list per shop. */

const ruleText = z.string().trim().toLowerCase().min(1).max(40, "must be at most 40 characters");
const rule = z
  .object({
    answer: z.enum(ANSWERS, { errorMap: () => ({ message: `must be one of ${ANSWERS.join(", ")}` }) }),
    status: ruleText.optional(),
    tag: ruleText.optional(),
  })
  .strict()
  .refine((value) => Boolean(value.status || value.tag), { message: "needs a status or a tag" });

export const answerRulesInput = z.object({
  rules: jsonField(z.array(rule).max(MAX_ANSWER_RULES, `at most ${MAX_ANSWER_RULES} rules`)),
});

const storedRules = statement<{ shop: string }>`SELECT "rules" FROM "AnswerRuleSet" WHERE "shop" = ${"shop"}`;

/** Read on every callback (which answer it records) and by work done per order: on the app's connection. */
export async function answerRulesOf(shop: string): Promise<AnswerRule[]> {
  const [row] = await appConnection().query<{ rules: string }, { shop: string }>(storedRules, { shop });
  return row ? (JSON.parse(row.rules) as AnswerRule[]) : [];
}

/** Replaces the shop's rules; an empty list removes them (no answers are recorded from then on). */
export async function saveAnswerRules(shop: string, rules: AnswerRule[]): Promise<AnswerRule[]> {
  if (!rules.length) {
    await prisma.answerRuleSet.deleteMany({ where: { shop } });
    return [];
  }
  const text = JSON.stringify(rules);
  await prisma.answerRuleSet.upsert({ where: { shop }, create: { shop, rules: text }, update: { rules: text } });
  return rules;
}

/**
 * The shop's latest callbacks on orders, for the settings page's preview: what each said (the status it gave, the
 * tags the app recorded on the order), newest first.
 */
export async function recentCallbacks(shop: string, limit = 20): Promise<RecentCallback[]> {
  const rows = await prisma.delivery.findMany({
    where: { shop, topic: "orders/create", callbackAt: { not: null } },
    orderBy: { callbackAt: "desc" },
    take: limit,
    select: { orderName: true, callbackAt: true, callbackStatus: true, tagsApplied: true },
  });
  return rows.map((row) => ({
    orderName: row.orderName,
    at: row.callbackAt!.toISOString(),
    // "tagged" is what a callback without a status is recorded as: it gave none.
    status: row.callbackStatus === "tagged" ? null : row.callbackStatus,
    tags: JSON.parse(row.tagsApplied) as string[],
  }));
}

/** The rules and the callbacks to preview them against: the settings card's data and `/api/answer-rules`'s. */
export async function answerRulesView(shop: string) {
  const [rules, callbacks] = await Promise.all([answerRulesOf(shop), recentCallbacks(shop)]);
  return { rules, recentCallbacks: callbacks };
}
