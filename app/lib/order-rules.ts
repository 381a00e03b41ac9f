/**
 * A shop's rules for an order before it goes to the flow (docs/decisions/220): plain data, read by the worker, the
 * settings form and its input schema alike.
 */
export const NO_PHONE_ACTIONS = ["send", "hold", "skip"] as const;
export type NoPhoneAction = (typeof NO_PHONE_ACTIONS)[number];

export interface OrderRules {
  noPhoneAction: NoPhoneAction;
  /** ISO 3166 alpha-2; null: the supplier integration's country. */
  phoneCountry: string | null;
}

export const DEFAULT_ORDER_RULES: OrderRules = { noPhoneAction: "send", phoneCountry: null };

/** The tag a held order without a usable mobile gets, for the merchant's team to find it in the admin. */
export const NO_PHONE_TAG = "automation-no-phone";

/** Skip reasons that mean "held for the team": the merchant may send such an order anyway (a replay). */
export const HELD_CODES: readonly string[] = ["held_no_mobile"];

export function isHeld(delivery: { status: string; lastErrorCode: string | null }) {
  return (
    delivery.status === "skipped" && delivery.lastErrorCode !== null && HELD_CODES.includes(delivery.lastErrorCode)
  );
}
