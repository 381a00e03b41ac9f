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

export async function scoreOrder(order: OrderToScore, now: Date): Promise<ScoredOrderRisk> {
  const addressKey = addressKeyOf(order.address);
  const city = cityKeyOf(order.address?.city ?? null);
  const { shop, orderId } = order;
  const history = await readHistory({
    shop,
    orderId,
    phone: order.phoneE164,
    addressKey,
    city,
    productId: order.productId,
  });
  const scored = scoreFacts({
    phone: history.phone,
    address: history.address,
    city: { ...history.city, name: city },
    product: history.product,
    duplicateOf: order.duplicateOf,
    phoneProblem: order.phoneProblem,
  });
  const risk: ScoredOrderRisk = {
    shop,
    orderId,
    orderName: order.orderName,
    phone: order.phoneE164,
    ...scored,
    scoredAt: now,
    addressKey,
    city,
    productId: order.productId,
  };
  await saveOrderRisk(risk);
  return risk;
}
