import { createHash } from "node:crypto";
import { foldForSearch } from "../../lib/search-key";
import { onHighRiskOrder } from "./high-risk.server";
import { addressHistory, cityRate, phoneHistory, productRate } from "./history.server";
import { saveOrderRisk, type ScoredOrderRisk } from "./store.server";
import { scoreFacts, type AreaRate, type KeyHistory } from "./weights";

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

const NO_HISTORY: KeyHistory = { orders: 0, refused: 0, noAnswer: 0, returned: 0, delivered: 0 };
const NO_RATE: AreaRate = { finished: 0, returned: 0 };

/** The address as a digest of its folded street and city: equal for "Cra 7 # 12-30, Bogotá" typed twice. */
export function addressKeyOf(address: OrderToScore["address"]): string | null {
  const street = foldForSearch(address?.address1 ?? "").replace(/[^a-z0-9]+/g, "");
  const city = cityKeyOf(address?.city ?? null);
  if (!street || !city) return null;
  return createHash("sha256").update(`${street}|${city}`).digest("hex").slice(0, 32);
}

export function cityKeyOf(city: string | null): string | null {
  return foldForSearch(city ?? "").trim() || null;
}

export async function scoreOrder(order: OrderToScore, now: Date): Promise<ScoredOrderRisk> {
  const addressKey = addressKeyOf(order.address);
  const city = cityKeyOf(order.address?.city ?? null);
  const { shop, orderId } = order;
  // One after the other: SQLite has one connection, and each read is a probe of a few rows.
  const phone = order.phoneE164 ? await phoneHistory(shop, order.phoneE164, orderId) : NO_HISTORY;
  const address = addressKey ? await addressHistory(shop, addressKey, order.phoneE164, orderId) : NO_HISTORY;
  const cityFacts = city ? await cityRate(shop, city, orderId) : NO_RATE;
  const product = order.productId ? await productRate(shop, order.productId, orderId) : NO_RATE;
  const scored = scoreFacts({
    phone,
    address,
    city: { ...cityFacts, name: city },
    product,
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
  if (risk.level === "high") await onHighRiskOrder(risk);
  return risk;
}
