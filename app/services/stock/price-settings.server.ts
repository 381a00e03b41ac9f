import { z } from "zod";
import { AppError } from "../../lib/http.server";
import { parseInput } from "../../lib/input.server";
import { priceRuleOf, ROUNDINGS, type PriceRule } from "./price-rule";
import { getStockSyncSettings, saveStockSyncSettings } from "./records.server";
import { previewShopPrices } from "./sync.server";

/** The price rule as the settings card shows it; `confirmedAt` is when the merchant confirmed its preview. */
export interface PriceRuleSettings {
  on: boolean;
  margin: string;
  fixedAmount: number;
  rounding: string;
  setCompareAt: boolean;
  confirmedAt: string | null;
  /** What a confirmation must name: the rule as stored, so the merchant confirms the rule whose preview was shown. */
  fingerprint: string;
}

const MAX_MARGIN_BPS = 1_000_000;
const MAX_FIXED_AMOUNT = 100_000_000;

const boolean = z.enum(["true", "false"], { message: "must be true or false" }).transform((value) => value === "true");

const ruleInput = z.object({
  priceRuleOn: boolean,
  // A multiplier as merchants write it: "1.8" or "1,8" (up to 4 decimals), 0.01x to 100x.
  margin: z
    .string({ required_error: "is required" })
    .trim()
    .max(12, "is too long")
    .regex(/^\d{1,3}([.,]\d{1,4})?$/, "is not a number like 1.8")
    .transform((value) => Math.round(Number(value.replace(",", ".")) * 10_000))
    .refine((bps) => bps >= 100 && bps <= MAX_MARGIN_BPS, "must be between 0.01 and 100"),
  fixedAmount: z
    .string({ required_error: "is required" })
    .trim()
    .max(12, "is too long")
    .regex(/^\d+$/, "is not a whole amount")
    .transform(Number)
    .refine((amount) => amount <= MAX_FIXED_AMOUNT, "is too large"),
  rounding: z.enum(ROUNDINGS, { message: "is not a rounding" }),
  setCompareAt: boolean,
});

const confirmInput = z.object({
  fingerprint: z.string({ required_error: "is required" }).trim().min(1, "is required").max(200, "is too long"),
});

function fingerprintOf(rule: {
  priceRuleOn: boolean;
  marginBps: number;
  fixedAmount: number;
  rounding: string;
  setCompareAt: boolean;
}) {
  return [rule.priceRuleOn ? "on" : "off", rule.marginBps, rule.fixedAmount, rule.rounding, rule.setCompareAt].join(
    ":",
  );
}

/** The stored price rule as the card shows it. */
export function priceRuleView(
  settings: Parameters<typeof fingerprintOf>[0] & {
    pricePreviewAt: Date | null;
  },
): PriceRuleSettings {
  return {
    on: settings.priceRuleOn,
    margin: String(settings.marginBps / 10_000),
    fixedAmount: settings.fixedAmount,
    rounding: settings.rounding,
    setCompareAt: settings.setCompareAt,
    confirmedAt: settings.pricePreviewAt?.toISOString() ?? null,
    fingerprint: fingerprintOf(settings),
  };
}

/**
 * Saves the price rule (docs/decisions/234). A rule that differs from the stored one waits for a new confirmation:
 * syncs leave prices alone until then. When the rule is on, answers with its preview: every mapped variant with
 * the supplier's price, the store's price and the price the rule would set, from the sync's own planning.
 */
export async function savePriceRule(shop: string, fields: Record<string, string>, options: PreviewOptions = {}) {
  const parsed = parseInput(ruleInput, fields);
  const rule = {
    priceRuleOn: parsed.priceRuleOn,
    marginBps: parsed.margin,
    fixedAmount: parsed.fixedAmount,
    rounding: parsed.rounding,
    setCompareAt: parsed.setCompareAt,
  };
  const stored = await getStockSyncSettings(shop);
  const unchanged = fingerprintOf(stored) === fingerprintOf(rule);
  // The preview is read before anything is saved: a rule whose preview cannot be shown is not stored either.
  const preview = rule.priceRuleOn ? await previewShopPrices(shop, priceRuleOf(rule) as PriceRule, options) : [];
  const saved = await saveStockSyncSettings(shop, {
    ...rule,
    ...(unchanged && rule.priceRuleOn ? {} : { pricePreviewAt: null }),
  });
  return { priceRule: priceRuleView(saved), preview };
}

type PreviewOptions = { sleep?: (ms: number) => Promise<void> };

/** The merchant confirmed the preview of the stored rule: syncs apply it from now on. */
export async function confirmPriceRule(shop: string, fields: Record<string, string>, now = new Date()) {
  const { fingerprint } = parseInput(confirmInput, fields);
  const stored = await getStockSyncSettings(shop);
  if (!stored.priceRuleOn) throw new AppError(409, "The price rule is off", "price_rule_off");
  if (fingerprintOf(stored) !== fingerprint) {
    throw new AppError(409, "The price rule changed after this preview; preview it again", "price_preview_stale");
  }
  return { priceRule: priceRuleView(await saveStockSyncSettings(shop, { pricePreviewAt: now })) };
}
