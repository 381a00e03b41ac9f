import { z } from "zod";
import prisma from "../../db.server";
import { formBoolean, formInteger } from "../../lib/input.server";
import {
  DEFAULT_RISK_RULE,
  RISK_ACTIONS,
  TAG_PREFIX_PATTERN,
  type RiskAction,
  type RiskRule,
} from "../../lib/risk-rules";

/** The shop's rule for risky orders (docs/decisions/335): read by the screening per order, saved by the settings. */

export async function riskRuleOf(shop: string): Promise<RiskRule> {
  const row = await prisma.riskRules.findUnique({ where: { shop } });
  if (!row) return DEFAULT_RISK_RULE;
  const action = row.action as RiskAction;
  return {
    enabled: row.enabled,
    threshold: row.threshold,
    action: RISK_ACTIONS.includes(action) ? action : DEFAULT_RISK_RULE.action,
    flowId: row.flowId,
    tagPrefix: row.tagPrefix,
  };
}

/** What saving the rule takes, from the settings page's form. */
export const riskRuleInput = z
  .object({
    enabled: formBoolean(false),
    threshold: formInteger(DEFAULT_RISK_RULE.threshold, { min: 1, max: 100 }),
    action: z.enum(RISK_ACTIONS, { message: `must be one of ${RISK_ACTIONS.join(", ")}` }),
    flowId: z
      .string()
      .max(200, "must be at most 200 characters")
      .optional()
      .transform((value) => value?.trim() || null),
    tagPrefix: z
      .string()
      .optional()
      .transform((value) => value?.trim() || DEFAULT_RISK_RULE.tagPrefix)
      .pipe(z.string().regex(TAG_PREFIX_PATTERN, "must be 1 to 30 letters, digits, dashes or underscores")),
  })
  .refine((rule) => rule.action !== "other_flow" || rule.flowId !== null, {
    message: "must name the flow risky orders go to",
    path: ["flowId"],
  });

export async function saveRiskRule(shop: string, rule: z.output<typeof riskRuleInput>): Promise<RiskRule> {
  const data = { ...rule, flowId: rule.action === "other_flow" ? rule.flowId : null };
  await prisma.riskRules.upsert({ where: { shop }, create: { shop, ...data }, update: data });
  cachedRules.delete(shop);
  return riskRuleOf(shop);
}

// The screening reads the rule per order; a short-lived copy per shop spares the database a read per order, as the
// order rules' (screening/rules.server.ts). Saving clears it in this process; others see a change within RULE_TTL_MS.
const RULE_TTL_MS = 5_000;
const cachedRules = new Map<string, { rule: Promise<RiskRule>; until: number }>();

export function cachedRiskRule(shop: string): Promise<RiskRule> {
  const cached = cachedRules.get(shop);
  if (cached && cached.until > Date.now()) return cached.rule;
  const rule = riskRuleOf(shop);
  cachedRules.set(shop, { rule, until: Date.now() + RULE_TTL_MS });
  // A failed read is not kept.
  rule.catch(() => cachedRules.delete(shop));
  return rule;
}
