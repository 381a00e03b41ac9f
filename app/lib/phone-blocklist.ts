/**
 * The phone blocklist's plain data (docs/decisions/337), read by the worker's check, the rules page and its input
 * schema alike.
 */

export const BLOCKED_PHONE_ACTIONS = ["hold", "skip"] as const;
export type BlockedPhoneAction = (typeof BLOCKED_PHONE_ACTIONS)[number];
export const DEFAULT_BLOCKED_PHONE_ACTION: BlockedPhoneAction = "hold";

/** The tag a held order from a blocked phone gets, for the merchant's team to find it in the admin. */
export const BLOCKED_PHONE_TAG = "automation-blocked-phone";

/** A reason is the merchant's note, short; a list is bounded so the card and the worker's read stay small. */
export const BLOCKLIST_LIMITS = { reason: 200, phones: 2_000 } as const;

export interface BlockedPhoneEntry {
  phone: string;
  reason: string;
  createdAt: string;
}

export interface BlocklistSuggestion {
  phone: string;
  returns: number;
  refusals: number;
}
