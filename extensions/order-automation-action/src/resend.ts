/**
 * What the order's "Send to the automation flow again" action allows, decided apart from the UI so it is
 * unit-tested (tests/extensions/). `latestStatus` is the newest delivery's status from
 * GET /api/deliveries?orderId=, or null when the app never received the order.
 */
export type ResendState =
  | { allowed: true; messageKey: "resend.confirm" | "resend.confirmAgain" }
  | { allowed: false; messageKey: "resend.pending" | "resend.unknownOrder" };

const PENDING = new Set(["queued", "delivering", "retrying"]);

export function resendState(latestStatus: string | null): ResendState {
  if (latestStatus === null) return { allowed: false, messageKey: "resend.unknownOrder" };
  if (PENDING.has(latestStatus)) return { allowed: false, messageKey: "resend.pending" };
  // A delivered order already ran its flow once: the merchant is told it will run again.
  if (latestStatus === "delivered") return { allowed: true, messageKey: "resend.confirmAgain" };
  return { allowed: true, messageKey: "resend.confirm" };
}

export function resendRequest(orderId: string) {
  return {
    url: "/api/deliveries/resend",
    init: { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ orderId }) },
  };
}
