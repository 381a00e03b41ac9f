import { INCIDENT_ANSWERS } from "./incident-answers";
import { foldForSearch } from "./search-key";

/**
 * The outcomes insights' vocabulary (docs/decisions/332): the dimensions an order is counted by, the sums kept for
 * each, and how a written name becomes the key it is grouped by. Plain data: the server and the pages read it alike.
 */
export const OUTCOME_DIMENSIONS = ["product", "city", "department", "carrier", "flow", "answer"] as const;
export type OutcomeDimension = (typeof OUTCOME_DIMENSIONS)[number];

export function isOutcomeDimension(value: unknown): value is OutcomeDimension {
  return typeof value === "string" && (OUTCOME_DIMENSIONS as readonly string[]).includes(value);
}

/**
 * The "by answer" table's keys (docs/decisions/340): the confirmation's answers as OrderAnswer stores them, and the
 * buyer's answers to a delivery incident after "incident_" (the incident's "refused" is not the confirmation's).
 * An order is counted once under each of its two answers; a key with no words is shown as stored.
 */
export const INCIDENT_ANSWER_KEY_PREFIX = "incident_";
export const OUTCOME_ANSWER_KEYS = [
  "confirmed",
  "refused",
  "no_answer",
  ...INCIDENT_ANSWERS.map((kind) => `${INCIDENT_ANSWER_KEY_PREFIX}${kind}` as const),
] as const;
export type OutcomeAnswerKey = (typeof OUTCOME_ANSWER_KEYS)[number];

export function isOutcomeAnswerKey(key: string): key is OutcomeAnswerKey {
  return (OUTCOME_ANSWER_KEYS as readonly string[]).includes(key);
}

/** The incident answer an answer key stands for ("incident_new_date": "new_date"), or null for the confirmation's. */
export function incidentAnswerOfKey(key: string): string | null {
  const kind = key.startsWith(INCIDENT_ANSWER_KEY_PREFIX) ? key.slice(INCIDENT_ANSWER_KEY_PREFIX.length) : "";
  return kind || null;
}

/** What the log can be asked to show behind a figure: the orders, or those at one point of their way. */
export const OUTCOME_MEASURES = [
  "orders",
  "confirmed",
  "shipped",
  "onTheWay",
  "delivered",
  "returned",
  "incident",
] as const;
export type OutcomeMeasure = (typeof OUTCOME_MEASURES)[number];

export function isOutcomeMeasure(value: unknown): value is OutcomeMeasure {
  return typeof value === "string" && (OUTCOME_MEASURES as readonly string[]).includes(value);
}

export interface OutcomeSums {
  orders: number;
  confirmed: number;
  shipped: number;
  onTheWay: number;
  delivered: number;
  returned: number;
  incident: number;
  /** Cents of the shop's currency. */
  valueDelivered: number;
  valueReturned: number;
}

export const EMPTY_SUMS: OutcomeSums = {
  orders: 0,
  confirmed: 0,
  shipped: 0,
  onTheWay: 0,
  delivered: 0,
  returned: 0,
  incident: 0,
  valueDelivered: 0,
  valueReturned: 0,
};

/** "Bogotá D.C.", "BOGOTA d.c." and " bogota  d.c" group as one; "" for nothing written. */
export function outcomeKey(written: string | null | undefined): string {
  return written ? foldForSearch(written) : "";
}

/** A decimal as the platform sends it ("129900.00", "12.5") in cents; 0 when it is not one. */
export function centsOf(total: string | null | undefined): number {
  const value = total ? Number(total.trim()) : NaN;
  return Number.isFinite(value) && total?.trim() ? Math.round(value * 100) : 0;
}

/** The log filtered to the orders behind one figure of the outcomes: a dimension's key (or all), a measure, days. */
export interface OutcomeFilter {
  dimension: OutcomeDimension | "all";
  key: string;
  measure: OutcomeMeasure;
  from: string;
  to: string;
  /** The key's name as the insights table showed it ("Bogotá D.C.", a flow's name): what the log says it shows. */
  label?: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The log's URL for a figure's orders. */
export function outcomeLogUrl(filter: OutcomeFilter): string {
  const params = new URLSearchParams({
    outcome: filter.dimension,
    measure: filter.measure,
    from: filter.from,
    to: filter.to,
  });
  if (filter.dimension !== "all") params.set("outcomeKey", filter.key);
  if (filter.dimension !== "all" && filter.label) params.set("outcomeLabel", filter.label);
  return `/app/deliveries?${params}`;
}

/** The filter a log URL carries, or undefined when it carries none (or not a whole one). */
export function readOutcomeFilter(params: URLSearchParams): OutcomeFilter | undefined {
  const dimension = params.get("outcome");
  const measure = params.get("measure") ?? "orders";
  const [from, to] = [params.get("from") ?? "", params.get("to") ?? ""];
  if (!(dimension === "all" || isOutcomeDimension(dimension)) || !isOutcomeMeasure(measure)) return undefined;
  if (!DAY.test(from) || !DAY.test(to) || from > to) return undefined;
  const label = params.get("outcomeLabel")?.slice(0, 200) || undefined;
  return {
    dimension,
    key: (params.get("outcomeKey") ?? "").slice(0, 200),
    measure,
    from,
    to,
    ...(label ? { label } : {}),
  };
}
