import { z } from "zod";
import prisma from "../../db.server";
import { formBoolean, formInteger, jsonField } from "../../lib/input.server";

/** Whether and how the shop's orders are held until the buyer answers (docs/decisions/211). */

/** The names merchants and payment apps commonly give a cash-on-delivery method; the merchant adjusts the list. */
export const DEFAULT_COD_GATEWAYS = [
  "Cash on Delivery (COD)",
  "Pago contra entrega",
  "Contra entrega",
  "Pago contraentrega",
];

/**
 * The optional scopes holds need (shopify.app.toml `optional_scopes`): holds on fulfilment orders of the merchant's
 * own locations and of fulfilment services. Cancelling needs `write_orders`, which the app already has.
 */
export const HOLD_SCOPES = ["write_merchant_managed_fulfillment_orders", "write_third_party_fulfillment_orders"];

export const REFUSED_POLICIES = ["keep", "cancel"] as const;
export const NO_ANSWER_POLICIES = ["keep", "release", "cancel"] as const;

export interface HoldPolicy {
  enabled: boolean;
  codOnly: boolean;
  codGateways: string[];
  onRefused: (typeof REFUSED_POLICIES)[number];
  noAnswerHours: number | null;
  onNoAnswer: (typeof NO_ANSWER_POLICIES)[number];
  notifyCustomer: boolean;
}

export const DEFAULT_HOLD_POLICY: HoldPolicy = {
  enabled: false,
  codOnly: true,
  codGateways: DEFAULT_COD_GATEWAYS,
  onRefused: "keep",
  noAnswerHours: null,
  onNoAnswer: "keep",
  notifyCustomer: false,
};

export async function holdPolicyOf(shop: string): Promise<HoldPolicy> {
  const row = await prisma.holdSettings.findUnique({ where: { shop } });
  if (!row) return DEFAULT_HOLD_POLICY;
  return {
    enabled: row.enabled,
    codOnly: row.codOnly,
    codGateways: JSON.parse(row.codGateways) as string[],
    onRefused: row.onRefused as HoldPolicy["onRefused"],
    noAnswerHours: row.noAnswerHours,
    onNoAnswer: row.onNoAnswer as HoldPolicy["onNoAnswer"],
    notifyCustomer: row.notifyCustomer,
  };
}

/** Whether the policy covers an order paid through these gateways (names compared without case or spaces around). */
export function coversOrder(policy: HoldPolicy, paymentGatewayNames: readonly string[]) {
  if (!policy.codOnly) return true;
  const cod = new Set(policy.codGateways.map((name) => name.trim().toLowerCase()));
  return paymentGatewayNames.some((name) => cod.has(name.trim().toLowerCase()));
}

const gatewayName = z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters");

export const holdPolicyInput = z.object({
  enabled: formBoolean(false),
  codOnly: formBoolean(true),
  codGateways: jsonField(z.array(gatewayName).max(20, "at most 20 names")),
  onRefused: z.enum(REFUSED_POLICIES, { errorMap: () => ({ message: "must be keep or cancel" }) }),
  // 0 (or empty): wait for ever.
  noAnswerHours: formInteger(0, { min: 0, max: 720 }).transform((hours) => hours || null),
  onNoAnswer: z.enum(NO_ANSWER_POLICIES, { errorMap: () => ({ message: "must be keep, release or cancel" }) }),
  notifyCustomer: formBoolean(false),
});

export async function saveHoldPolicy(shop: string, policy: HoldPolicy): Promise<HoldPolicy> {
  const data = { ...policy, codGateways: JSON.stringify(policy.codGateways) };
  await prisma.holdSettings.upsert({ where: { shop }, create: { shop, ...data }, update: data });
  return policy;
}
