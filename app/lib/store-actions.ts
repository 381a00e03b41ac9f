/**
 * What the app did to the store order because of the parcel's journey (docs/decisions/297, 298, 329): each
 * `JourneyStep` as the merchant reads it, beside the hold it placed (`app-action.ts`). Plain data, shared by the
 * log's "what the app did" column, the delivery's parcel card and the log's filter.
 */

/** fulfilled: with the guide as tracking; event: a fulfilment event; paid; ended: cancelled because it came back. */
export type StoreActionKind = "fulfilled" | "event" | "incident" | "paid" | "ended";
/** The step's record: owed (on its way), done, stood_down (left to the merchant, with why), given_up (refused). */
export type StoreActionStatus = "owed" | "done" | "stood_down" | "given_up";

export interface StoreAction {
  supplierOrderId: string;
  step: string;
  kind: StoreActionKind;
  status: StoreActionStatus;
  /** The stage the step follows (in_transit, delivered, returned...). */
  stage: string;
  /** When the app did it (done), or last tried (stood down, given up), or owed it (ISO). */
  at: string;
  /** The tracking the store order got (fulfilled only): the guide and the carrier as sent to the platform. */
  tracking: { number: string; company: string | null } | null;
  /** For an ended order: whether its stock was put back by the cancel, by the stock sync, or unknown. */
  restock: "restocked" | "synced_left" | null;
  /** The tag the store order got with it, when done. */
  tag: string | null;
  /** Why the app left it to the merchant (stood down), in words the pages translate. */
  reason: StoodDownReason | null;
  /** Why the platform refused (given up, or an owed step's last try), as it said it (English). */
  problem: string | null;
}

export const STOOD_DOWN_REASONS = [
  "merchant_fulfilled",
  "order_cancelled",
  "order_gone",
  "order_paid",
  "held_by_other",
  "nothing_to_fulfil",
  "no_app_fulfilment",
  "mark_paid_off",
  "other",
] as const;
export type StoodDownReason = (typeof STOOD_DOWN_REASONS)[number];

/** The step's note (the steps write English sentences for the logs) as a reason the pages word. */
export function stoodDownReason(note: string | null): StoodDownReason {
  const text = note ?? "";
  if (/merchant fulfilled/.test(text)) return "merchant_fulfilled";
  if (/already cancelled|order was cancelled|fulfilment was cancelled/.test(text)) return "order_cancelled";
  if (/no longer exists|is gone/.test(text)) return "order_gone";
  if (/is paid/.test(text)) return "order_paid";
  if (/held by the merchant/.test(text)) return "held_by_other";
  if (/nothing left to fulfil/.test(text)) return "nothing_to_fulfil";
  if (/made no fulfilment/.test(text)) return "no_app_fulfilment";
  if (/marking paid on delivery is off/.test(text)) return "mark_paid_off";
  return "other";
}

export function storeActionKind(step: string): StoreActionKind {
  if (step === "fulfil") return "fulfilled";
  if (step === "paid") return "paid";
  if (step === "end") return "ended";
  if (step.startsWith("incident:")) return "incident";
  return "event";
}

/**
 * The one action the log's column shows for an order: a refusal first (the merchant has something to do), else the
 * latest step done, else the latest one owed or stood down. `actions` are in the order the steps run.
 */
export function headlineStoreAction(actions: readonly StoreAction[]): StoreAction | null {
  const refused = actions.filter((action) => action.status === "given_up").at(-1);
  if (refused) return refused;
  return actions.filter((action) => action.status === "done").at(-1) ?? actions.at(-1) ?? null;
}

/**
 * The log's "what the app did" filter values the journey's steps answer (the hold's are in app-action.ts): the
 * orders the app fulfilled, marked paid, ended, or where the platform refused a step.
 */
export const STORE_ACTION_FILTERS = {
  fulfilled: { steps: ["fulfil"], statuses: ["done"] },
  paid: { steps: ["paid"], statuses: ["done"] },
  cancelled: { steps: ["end"], statuses: ["done"] },
  problem: { steps: null, statuses: ["given_up"] },
} as const satisfies Record<string, { steps: readonly string[] | null; statuses: readonly StoreActionStatus[] }>;
export type StoreActionFilter = keyof typeof STORE_ACTION_FILTERS;
