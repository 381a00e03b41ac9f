import type { AppAction } from "./app-action";
import type { Answer } from "./answer-rules";

/**
 * What became of a delivery's buyer, beside what the app did with it: the order an abandoned cart became (the
 * buyer finished the purchase, so the cart was skipped) and the buyer's answer to the flow (or how long the order
 * has waited for one), and what the app did to the order's fulfilment (held, released, cancelled). The log, the
 * delivery's page and the export show all three, each in its own words (docs/decisions/300).
 */
export interface BuyerOutcome {
  /** The order the cart became; its name and id when the app received it, else null (not this shop's or erased). */
  convertedTo: { orderName: string | null; orderId: string | null } | null;
  /**
   * The buyer's recorded answer and when; `waiting` with the time the order went to the flow; `no_rules` when the
   * order went to the flow but the shop has no answer rules, so no answer can be recorded.
   */
  answer: { answer: Answer | "waiting" | "no_rules"; at: string } | null;
  /** What the app did to the order's fulfilment; null when it never held it. */
  appAction: AppAction | null;
}
