/**
 * What the order's "Send to the automation flow" action offers, decided apart from the UI so it is unit-tested
 * (tests/extensions/). Its words say what will happen to this order: "again" only when its flow already ran; a
 * retry when the platform never took it; "anyway" for an order the shop's rules held, which goes through the same
 * service as the delivery page's "Send anyway" (docs/decisions/282): the shop's sending hours kept, sent once.
 */
import { clockLabel, type Line } from "../../order-automation-block/src/story";

/** The newest delivery of the order, from GET /api/deliveries?orderId= (null when the app never received it). */
export interface ActionDelivery {
  status: string;
  lastErrorCode?: string | null;
  lastErrorParams?: { opensAt?: string } | null;
}

/** When a held order would go once sent anyway, as the server reads it (app/lib/sending-hours.ts). */
export type SendAnywayTiming = { goes: "now" } | { goes: "at_opening"; opensAt: string } | { goes: "when_resumed" };

/** What the order's story says besides its deliveries: whether automation is paused, and a held order's timing. */
export interface ActionContext {
  paused?: boolean;
  sendAnyway?: SendAnywayTiming | null;
}

export interface ResendState {
  allowed: boolean;
  /** "again": the flow ran (confirm the repeat); "retry": never reached it; "anyway": held by the shop's rules. */
  send: "again" | "retry" | "anyway" | null;
  messageKey: string;
  /** A second sentence: when a held order goes. */
  whenKey?: string;
  values?: Record<string, string>;
  buttonKey: string;
}

const PENDING = new Set(["queued", "delivering", "retrying"]);
/** The flow ran (delivered), or ran and reported a failure part-way (flow_failed): the buyer may have a message. */
const RAN = new Set(["delivered", "flow_failed"]);
const HELD: Record<string, string> = {
  held_no_mobile: "resend.held.noMobile",
  held_possible_duplicate: "resend.held.duplicate",
  held_blocked_phone: "resend.held.blockedPhone",
  held_high_risk: "resend.held.highRisk",
};
const WHEN: Record<SendAnywayTiming["goes"], string> = {
  now: "resend.held.when.now",
  at_opening: "resend.held.when.atOpening",
  when_resumed: "resend.held.when.whenResumed",
};

const refused = (messageKey: string, values?: Record<string, string>): ResendState => ({
  allowed: false,
  send: null,
  messageKey,
  ...(values ? { values } : {}),
  buttonKey: "resend.buttonFirst",
});

export function resendState(latest: ActionDelivery | null, context: ActionContext = {}): ResendState {
  if (latest === null) return refused("resend.unknownOrder");
  if (latest.lastErrorCode === "waiting_for_window" && PENDING.has(latest.status)) {
    // It goes by itself when the window opens (or, paused, when the merchant resumes): nothing to send.
    if (context.paused) return refused("resend.paused");
    const opensAt = latest.lastErrorParams?.opensAt;
    return opensAt ? refused("resend.waiting", { time: clockLabel(opensAt) }) : refused("resend.pending");
  }
  if (PENDING.has(latest.status)) return refused("resend.pending");
  // The dialog says the flow runs again and the buyer may get another message; sending it is the confirmation.
  if (RAN.has(latest.status)) {
    return { allowed: true, send: "again", messageKey: "resend.confirmAgain", buttonKey: "resend.buttonAgain" };
  }
  const held = latest.status === "skipped" ? HELD[latest.lastErrorCode ?? ""] : undefined;
  if (held) {
    const timing =
      context.sendAnyway ?? (context.paused ? { goes: "when_resumed" as const } : { goes: "now" as const });
    return {
      allowed: true,
      send: "anyway",
      messageKey: held,
      whenKey: WHEN[timing.goes],
      ...(timing.goes === "at_opening" ? { values: { time: clockLabel(timing.opensAt) } } : {}),
      buttonKey: "resend.buttonAnyway",
    };
  }
  if (latest.status === "skipped") {
    return { allowed: true, send: "retry", messageKey: "resend.confirmSkipped", buttonKey: "resend.buttonFirst" };
  }
  return { allowed: true, send: "retry", messageKey: "resend.confirmRetry", buttonKey: "resend.buttonRetry" };
}

/** The success line: a held order's by when it goes (the server's answer), any other as sent. */
export function sentLine(timing: SendAnywayTiming | undefined): Line {
  if (!timing) return { key: "resend.sent" };
  if (timing.goes === "at_opening") {
    return { key: "resend.sentAnyway.atOpening", values: { time: clockLabel(timing.opensAt) } };
  }
  return { key: timing.goes === "now" ? "resend.sentAnyway.now" : "resend.sentAnyway.whenResumed" };
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
