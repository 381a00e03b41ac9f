/**
 * A shop's rules for an order before it goes to the flow (docs/decisions/220): plain data, read by the worker, the
 * settings form and its input schema alike.
 */
import { DEFAULT_SENDING_HOURS, type SendingHours } from "./sending-hours";

export const NO_PHONE_ACTIONS = ["send", "hold", "skip"] as const;
export type NoPhoneAction = (typeof NO_PHONE_ACTIONS)[number];

export const DUPLICATE_ACTIONS = ["send", "hold"] as const;
export type DuplicateAction = (typeof DUPLICATE_ACTIONS)[number];
/** The longest duplicate window a merchant may set: a week. */
export const MAX_DUPLICATE_WINDOW_MINUTES = 7 * 24 * 60;

export interface OrderRules {
  noPhoneAction: NoPhoneAction;
  /** ISO 3166 alpha-2; null: the supplier integration's country. */
  phoneCountry: string | null;
  /** The same phone ordering the same items within this many minutes is a likely duplicate; 0: not checked. */
  duplicateWindowMinutes: number;
  duplicateAction: DuplicateAction;
  /** The daily window orders go out in (docs/decisions/224); off: any time. */
  sendingHours: SendingHours;
}

export const DEFAULT_ORDER_RULES: OrderRules = {
  noPhoneAction: "send",
  phoneCountry: null,
  duplicateWindowMinutes: 0,
  duplicateAction: "send",
  sendingHours: DEFAULT_SENDING_HOURS,
};

/** The tag a likely duplicate gets (docs/decisions/223), sent or held. */
export const DUPLICATE_TAG = "automation-possible-duplicate";

/** The tag a held order without a usable mobile gets, for the merchant's team to find it in the admin. */
export const NO_PHONE_TAG = "automation-no-phone";

/** Skip reasons that mean "held for the team": the merchant may send such an order anyway (a replay). */
export const HELD_CODES: readonly string[] = [
  "held_no_mobile",
  "held_possible_duplicate",
  "held_high_risk",
  "held_blocked_phone",
];

export function isHeld(delivery: { status: string; lastErrorCode: string | null }) {
  return (
    delivery.status === "skipped" && delivery.lastErrorCode !== null && HELD_CODES.includes(delivery.lastErrorCode)
  );
}
