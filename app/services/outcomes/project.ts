import { readBuyerSummary } from "../../lib/buyer-summary";
import { journeyGroupOf } from "../../lib/journey-log";
import { localDayOf } from "../../lib/time-zone";
import { centsOf, INCIDENT_ANSWER_KEY_PREFIX, outcomeKey, type OutcomeSums } from "../../lib/outcomes";
import { STAGE_RANK, isKnownStage } from "../journey/stages";

/**
 * One store order's outcome from its sources (docs/decisions/332), and what it adds to the per-day sums. Pure: the
 * projection job reads the rows, this decides.
 */

export interface OutcomeSources {
  delivery: { orderId: string; flowId: string | null; buyer: string | null; createdAt: Date; test: boolean };
  /** The buyer's latest answer by kind, if any. */
  answer: string | null;
  /** The buyer's latest answer to a delivery incident of the order, if any (docs/decisions/340). */
  incidentAnswer: string | null;
  parcel: { stage: string; carrier: string | null; openIncident: string | null } | null;
  /** Supplier product names by the store product they are linked to. */
  supplierProducts: Map<string, string>;
  timeZone: string;
  /** The order's last projection: what an erased buyer summary (retention, redaction) no longer says. */
  previous: Outcome | null;
}

export interface Outcome {
  day: string;
  flowId: string;
  answer: string;
  incidentAnswer: string;
  productKey: string;
  product: string;
  cityKey: string;
  city: string;
  departmentKey: string;
  department: string;
  carrierKey: string;
  carrier: string;
  parcel: string;
  shipped: boolean;
  valueCents: bigint;
  currency: string;
}

export function projectOutcome(sources: OutcomeSources): Outcome | null {
  const { delivery, parcel } = sources;
  if (delivery.test) return null;
  const buyer = readBuyerSummary(delivery.buyer);
  const kept = !buyer && sources.previous;
  // An order is counted under its first product: cash-on-delivery orders are one product, mostly.
  const line = buyer?.products[0];
  const linked = line?.productId ? sources.supplierProducts.get(line.productId) : undefined;
  const product = (linked ?? line?.productTitle ?? line?.title ?? "").trim();
  const city = buyer?.city?.trim() ?? "";
  const department = buyer?.province?.trim() ?? "";
  const carrier = parcel?.carrier?.trim() ?? "";
  const stage = parcel?.stage ?? "";
  const what = kept
    ? pick(sources.previous as Outcome)
    : {
        productKey: outcomeKey(product),
        product,
        cityKey: outcomeKey(city),
        city,
        departmentKey: outcomeKey(department),
        department,
        valueCents: BigInt(centsOf(buyer?.total)),
        currency: buyer?.currency ?? "",
      };
  return {
    ...what,
    day: localDayOf(delivery.createdAt, sources.timeZone),
    flowId: delivery.flowId ?? "",
    answer: sources.answer ?? "",
    // A customer's redaction deletes the incident's answer; the order keeps the kind it was counted under.
    incidentAnswer: sources.incidentAnswer ?? sources.previous?.incidentAnswer ?? "",
    carrierKey: outcomeKey(carrier),
    carrier,
    parcel: parcel ? (journeyGroupOf(stage, parcel.openIncident) ?? "") : "",
    shipped: isKnownStage(stage) && stage !== "cancelled" && STAGE_RANK[stage] >= STAGE_RANK.handed_to_carrier,
  };
}

/** What an order's buyer summary gave its projection: kept when the summary is erased, so the figures hold. */
function pick(outcome: Outcome) {
  const { productKey, product, cityKey, city, departmentKey, department, valueCents, currency } = outcome;
  return { productKey, product, cityKey, city, departmentKey, department, valueCents, currency };
}

/** One sum row's share of an order: its day, dimension, key and label, and what it adds. */
export interface Contribution {
  day: string;
  dimension: string;
  key: string;
  label: string;
  sums: OutcomeSums;
}

export function contributionsOf(outcome: Outcome, sign: 1 | -1): Contribution[] {
  const value = Number(outcome.valueCents);
  const sums: OutcomeSums = {
    orders: sign,
    confirmed: outcome.answer === "confirmed" ? sign : 0,
    shipped: outcome.shipped ? sign : 0,
    onTheWay: outcome.parcel === "on_the_way" ? sign : 0,
    delivered: outcome.parcel === "delivered" ? sign : 0,
    returned: outcome.parcel === "returned" ? sign : 0,
    incident: outcome.parcel === "incident" ? sign : 0,
    valueDelivered: outcome.parcel === "delivered" ? sign * value : 0,
    valueReturned: outcome.parcel === "returned" ? sign * value : 0,
  };
  const at = (dimension: string, key: string, label: string) => ({ day: outcome.day, dimension, key, label, sums });
  const rows = [
    at("all", "", ""),
    at("product", outcome.productKey, outcome.product),
    at("city", outcome.cityKey, outcome.city),
    at("department", outcome.departmentKey, outcome.department),
    at("carrier", outcome.carrierKey, outcome.carrier),
    at("flow", outcome.flowId, outcome.flowId),
    at("answer", outcome.answer, outcome.answer),
  ];
  // The incident's answer is a second row of the same table: the order answered two questions (docs/decisions/340).
  if (outcome.incidentAnswer) {
    const key = `${INCIDENT_ANSWER_KEY_PREFIX}${outcome.incidentAnswer}`;
    rows.push(at("answer", key, key));
  }
  return rows;
}

export function sameOutcome(a: Outcome | null, b: Outcome | null): boolean {
  if (!a || !b) return a === b;
  return (Object.keys(a) as (keyof Outcome)[]).every((field) => a[field] === b[field]);
}
