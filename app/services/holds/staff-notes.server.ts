import { LOCALES, translate, type Locale, type MessageKey } from "../../i18n";

/**
 * The notes the app leaves on an order for the shop's staff, read in the order page, in the shop's language
 * (shops/language.server.ts, docs/decisions/290).
 */
export type CancelReason = "refused" | "no_answer" | "merchant";

const CANCEL_NOTES: Record<CancelReason, MessageKey> = {
  refused: "holds.staffNote.cancelRefused",
  no_answer: "holds.staffNote.cancelNoAnswer",
  merchant: "holds.staffNote.cancelMerchant",
};

/** The note on the app's hold. */
export const holdNote = (locale: Locale) => translate(locale, "holds.staffNote.hold");

/**
 * The note on each cancel the app makes, by why it cancels. The order's cancellation carries it back, so a cancel
 * whose answer was lost reads as the app's own, not as the merchant's (docs/decisions/292).
 */
export const cancelNote = (locale: Locale, reason: CancelReason) => translate(locale, CANCEL_NOTES[reason]);

/** Whether the order's cancel carries one of the app's notes, in any language (the shop's may change meanwhile). */
export function cancelledByApp(order: { cancellation?: { staffNote?: string | null } | null }) {
  const note = order.cancellation?.staffNote?.trim();
  return LOCALES.some((locale) => Object.values(CANCEL_NOTES).some((key) => translate(locale, key) === note));
}
