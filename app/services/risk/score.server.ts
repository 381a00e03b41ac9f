import { createHash } from "node:crypto";
import { readHistory } from "./history.server";
import { saveOrderRisk, type ScoredOrderRisk } from "./store.server";
import { scoreFacts } from "./weights";

/**
 * A new order's return-risk score (docs/decisions/334), read from this shop's history alone and recorded with the
 * keys the next orders' scores read. Called by the order's screening, once the phone and duplicate checks ran.
 */

export interface OrderToScore {
  shop: string;
  orderId: string;
  orderName: string | null;
  /** The buyer's phone in E.164, or null; and why it is not a usable mobile, or null. */
  phoneE164: string | null;
  phoneProblem: string | null;
  address: { address1: string | null; city: string | null } | null;
  productId: string | null;
  duplicateOf: string | null;
}

/** The address as a digest of its folded street and city: equal for "Cra 7 # 12-30, Bogotá" typed twice. */
export function addressKeyOf(address: OrderToScore["address"]): string | null {
  const street = fold(address?.address1 ?? null)?.replace(/[^a-z0-9]+/g, "");
  const city = fold(address?.city ?? null);
  if (!street || !city) return null;
  return createHash("sha256").update(`${street}|${city}`).digest("hex").slice(0, 32);
}

/** A city as the history keys it: lower case, no accents, single spaces ("MEDELLÍN " and "Medellín" are one). */
export function cityKeyOf(city: string | null): string | null {
  return fold(city);
}

// Here rather than the log search's folding (app/lib/search-key.ts): the order's screening enters each file once
// (docs/architecture.md, "The worker's walk"), and this file's keys are read before its first call out.
function fold(text: string | null): string | null {
  const folded = (text ?? "")
    .normalize("NFKD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
  return folded || null;
}

/**
 * What a score reads and keeps of an order: its keys, never the address itself (a deferred score's job carries
 * these, docs/decisions/344).
 */
export interface ScoreKeys {
  shop: string;
  orderId: string;
  orderName: string | null;
  phoneE164: string | null;
  phoneProblem: string | null;
  addressKey: string | null;
  city: string | null;
  productId: string | null;
  duplicateOf: string | null;
}

export function scoreKeysOf(order: OrderToScore): ScoreKeys {
  return {
    shop: order.shop,
    orderId: order.orderId,
    orderName: order.orderName,
    phoneE164: order.phoneE164,
    phoneProblem: order.phoneProblem,
    addressKey: addressKeyOf(order.address),
    city: cityKeyOf(order.address?.city ?? null),
    productId: order.productId,
    duplicateOf: order.duplicateOf,
  };
}

export function scoreOrder(order: OrderToScore, now: Date): Promise<ScoredOrderRisk> {
  return scoreByKeys(scoreKeysOf(order), now);
}

/** Reads the keys' history, scores it and records the score with the keys the next orders' scores read. */
export async function scoreByKeys(keys: ScoreKeys, now: Date): Promise<ScoredOrderRisk> {
  const { shop, orderId, addressKey, city, productId } = keys;
  const history = await readHistory({ shop, orderId, phone: keys.phoneE164, addressKey, city, productId });
  const scored = scoreFacts({
    phone: history.phone,
    address: history.address,
    city: { ...history.city, name: city },
    product: history.product,
    duplicateOf: keys.duplicateOf,
    phoneProblem: keys.phoneProblem,
  });
  const risk: ScoredOrderRisk = {
    shop,
    orderId,
    orderName: keys.orderName,
    phone: keys.phoneE164,
    ...scored,
    scoredAt: now,
    addressKey,
    city,
    productId,
  };
  await saveOrderRisk(risk);
  return risk;
}
