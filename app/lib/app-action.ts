/**
 * What the app did to an order's fulfilment (docs/decisions/211, 300): the third fact beside what the flow reported
 * (`Delivery.callbackStatus`) and what the buyer answered (`OrderAnswer`), with a word of its own on every screen.
 * owed: a hold is on its way; held: the shipping is held until the buyer answers; released; cancelled (by the app,
 * the stock restocked); cancel_refused: the platform refused the cancel; stood_down: the merchant acted first;
 * not_held: the hold could not be placed.
 */
export const APP_ACTION_STATES = [
  "owed",
  "held",
  "released",
  "cancelled",
  "cancel_refused",
  "stood_down",
  "not_held",
] as const;
export type AppActionState = (typeof APP_ACTION_STATES)[number];

export interface AppAction {
  state: AppActionState;
  /** When it came to be (ISO); null when unknown. */
  since: string | null;
  /** Why a step failed, as the platform said it (English): the pages word it by `problemKind`. */
  problem: string | null;
}

/**
 * The log's filter: the states a merchant looks for, each naming the hold states it covers; the journey's steps
 * (fulfilled, paid, cancelled on a return, a refused step) answer the same values (store-actions.ts).
 */
export const APP_ACTION_FILTERS = {
  held: ["owed", "held"],
  released: ["released"],
  fulfilled: [],
  paid: [],
  cancelled: ["cancelled"],
  problem: ["cancel_refused", "not_held"],
} as const satisfies Record<string, readonly AppActionState[]>;
export type AppActionFilter = keyof typeof APP_ACTION_FILTERS;

export function isAppActionFilter(value: string | null | undefined): value is AppActionFilter {
  return !!value && Object.hasOwn(APP_ACTION_FILTERS, value);
}

/**
 * A platform's refusal in words the merchant can act on, by what it says (the platform answers in English):
 * fulfilled (it has fulfilments outstanding), unavailable (a 5xx or a timeout) or other.
 */
export function problemKind(problem: string | null): "fulfilled" | "unavailable" | "other" | null {
  if (!problem) return null;
  if (/fulfil?l?ments?|fulfilled/i.test(problem)) return "fulfilled";
  if (/\b5\d\d\b|timed? ?out|unavailable|ECONN|network/i.test(problem)) return "unavailable";
  return "other";
}
