import type { RiskLevel, RiskReason } from "./store.server";

/**
 * Every weight, cap, minimum and threshold of the return-risk score, in one place (docs/decisions/334). Pure: the
 * same facts give the same score and the same reasons, in the same order, on every machine. No model, no
 * randomness, no clock: the history reads (./history.server.ts) gather the facts, this module only adds points.
 */

/** What one buyer key (the phone, or the address) has done before in this shop. */
export interface KeyHistory {
  orders: number;
  refused: number;
  noAnswer: number;
  returned: number;
  delivered: number;
}

/** A return rate over finished parcels (delivered plus returned), or null when too few to mean something. */
export interface AreaRate {
  finished: number;
  returned: number;
}

export interface RiskFacts {
  phone: KeyHistory;
  /** The address's orders placed with another phone (the phone's own are counted once, above). */
  address: KeyHistory;
  city: AreaRate & { name: string | null };
  product: AreaRate;
  /** The earlier order this one likely repeats (the duplicate check, when the shop runs it). */
  duplicateOf: string | null;
  /** Why the phone is not a usable mobile (missing, invalid, fixed_line, other), or null. */
  phoneProblem: string | null;
}

/** Level thresholds: a score at or above `high` is high, at or above `medium` medium. */
export const LEVELS = { medium: 40, high: 70 } as const;

/** A city's or a product's rate counts only over this many finished parcels (below it, a few returns are noise). */
export const MIN_FINISHED_FOR_RATE = 20;
/** The latest orders of a city or a product the rate is read from: recent, and a bounded read per order. */
export const RATE_WINDOW_ORDERS = 200;
/** The latest orders of a phone or an address read (a test number with thousands of orders costs no more). */
export const KEY_HISTORY_ORDERS = 100;
/** A rate below this adds nothing; above it, one point per percentage point, up to the cap. */
export const RATE_FLOOR = 0.15;

export const WEIGHTS = {
  phoneReturned: { each: 25, cap: 50 },
  phoneRefused: { each: 15, cap: 30 },
  phoneNoAnswer: { each: 8, cap: 16 },
  addressReturned: { each: 15, cap: 30 },
  addressRefused: { each: 10, cap: 20 },
  // A parcel the buyer took lowers the score: a negative weight, capped.
  delivered: { each: -10, cap: -30 },
  cityRate: { cap: 25 },
  productRate: { cap: 20 },
  duplicate: 15,
  phoneNotMobile: 20,
  phoneMissing: 30,
  firstOrder: 10,
} as const;

const capped = (count: number, weight: { each: number; cap: number }) =>
  weight.each < 0 ? Math.max(count * weight.each, weight.cap) : Math.min(count * weight.each, weight.cap);

const rateOf = (area: AreaRate) => (area.finished >= MIN_FINISHED_FOR_RATE ? area.returned / area.finished : null);

const ratePoints = (rate: number, cap: number) => Math.min(cap, Math.max(0, Math.round((rate - RATE_FLOOR) * 100)));

export function levelOf(score: number): RiskLevel {
  if (score >= LEVELS.high) return "high";
  return score >= LEVELS.medium ? "medium" : "low";
}

/** The score (0 to 100), its level and the reasons that added (or took away) points, biggest first. */
export function scoreFacts(facts: RiskFacts): { score: number; level: RiskLevel; reasons: RiskReason[] } {
  const reasons: RiskReason[] = [];
  const add = (code: string, points: number, values?: RiskReason["values"]) => {
    if (points !== 0) reasons.push({ code, points, ...(values ? { values } : {}) });
  };
  const { phone, address } = facts;
  add("phone_returned", capped(phone.returned, WEIGHTS.phoneReturned), { count: phone.returned });
  add("phone_refused", capped(phone.refused, WEIGHTS.phoneRefused), { count: phone.refused });
  add("phone_no_answer", capped(phone.noAnswer, WEIGHTS.phoneNoAnswer), { count: phone.noAnswer });
  add("address_returned", capped(address.returned, WEIGHTS.addressReturned), { count: address.returned });
  add("address_refused", capped(address.refused, WEIGHTS.addressRefused), { count: address.refused });
  const delivered = phone.delivered + address.delivered;
  add("delivered_before", capped(delivered, WEIGHTS.delivered), { count: delivered });
  const cityRate = rateOf(facts.city);
  if (cityRate !== null && facts.city.name) {
    add("city_return_rate", ratePoints(cityRate, WEIGHTS.cityRate.cap), {
      city: facts.city.name,
      rate: Math.round(cityRate * 100),
      finished: facts.city.finished,
    });
  }
  const productRate = rateOf(facts.product);
  if (productRate !== null) {
    add("product_return_rate", ratePoints(productRate, WEIGHTS.productRate.cap), {
      rate: Math.round(productRate * 100),
      finished: facts.product.finished,
    });
  }
  if (facts.duplicateOf) add("possible_duplicate", WEIGHTS.duplicate, { order: facts.duplicateOf });
  if (facts.phoneProblem === "missing" || facts.phoneProblem === "invalid") {
    add("phone_missing", WEIGHTS.phoneMissing);
  } else if (facts.phoneProblem) {
    add("phone_not_mobile", WEIGHTS.phoneNotMobile);
  }
  if (phone.orders === 0 && address.orders === 0) add("first_order", WEIGHTS.firstOrder);
  const total = reasons.reduce((sum, reason) => sum + reason.points, 0);
  const score = Math.min(100, Math.max(0, total));
  // Biggest contribution first; the code breaks ties so the order never depends on the reading order.
  reasons.sort((a, b) => Math.abs(b.points) - Math.abs(a.points) || a.code.localeCompare(b.code));
  return { score, level: levelOf(score), reasons };
}

export const RISK_REASON_CODES = [
  "phone_returned",
  "phone_refused",
  "phone_no_answer",
  "address_returned",
  "address_refused",
  "delivered_before",
  "city_return_rate",
  "product_return_rate",
  "possible_duplicate",
  "phone_not_mobile",
  "phone_missing",
  "first_order",
] as const;
