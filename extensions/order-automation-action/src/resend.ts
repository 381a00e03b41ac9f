/**
 * What the order's "Send to the automation flow again" action allows, decided apart from the UI so it is
 * unit-tested (tests/extensions/). `latestStatus` is the newest delivery's status from
 * GET /api/deliveries?orderId=, or null when the app never received the order.
 */
export type ResendState =
  | { allowed: true; messageKey: "resend.confirm"; repeat: false }
  | { allowed: true; messageKey: "resend.confirmAgain"; repeat: true }
  | { allowed: false; messageKey: "resend.pending" | "resend.unknownOrder"; repeat: false };

const PENDING = new Set(["queued", "delivering", "retrying"]);
/** The flow ran (delivered), or ran and reported a failure part-way (flow_failed): the buyer may have a message. */
const RAN = new Set(["delivered", "flow_failed"]);

export function resendState(latestStatus: string | null): ResendState {
  if (latestStatus === null) return { allowed: false, messageKey: "resend.unknownOrder", repeat: false };
  if (PENDING.has(latestStatus)) return { allowed: false, messageKey: "resend.pending", repeat: false };
  // The dialog says the flow runs again and the buyer may get another message; sending it is the confirmation.
  if (RAN.has(latestStatus)) return { allowed: true, messageKey: "resend.confirmAgain", repeat: true };
  return { allowed: true, messageKey: "resend.confirm", repeat: false };
}

/** The resend request; `confirmRepeat` once the merchant was told the flow runs again (docs/decisions/191). */
export function resendRequest(orderId: string, confirmRepeat = false) {
  return {
    url: "/api/deliveries/resend",
    init: {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(confirmRepeat ? { orderId, confirmRepeat: true } : { orderId }),
    },
  };
}
