/**
 * What the order page's block shows, decided apart from the UI so it is unit-tested (tests/extensions/).
 * The shape is the answer of GET /api/deliveries?orderId= (app/services/deliveries/order-story.server.ts).
 */
export interface StoryDelivery {
  id: string;
  topic: string;
  status: string;
  attempts: number;
  flowId: string | null;
  flowName: string | null;
  nextAttemptAt: string | null;
  lastError: string | null;
  /** Why it was skipped or its last attempt failed, as a stable code (app/lib/delivery-errors.ts); null on old rows. */
  lastErrorCode?: string | null;
  lastErrorParams?: { status?: number; attempts?: number; opensAt?: string; score?: number } | null;
  createdAt: string;
  deliveredAt: string | null;
  callbackStatus: string | null;
  callbackAt: string | null;
  tagsApplied: string[];
}

export type Tone = "success" | "info" | "caution" | "critical" | "neutral";
/** retry: a dead or skipped delivery is replayed; retryNow: a retrying one goes now; resend: once more on purpose. */
export type StoryAction = "retry" | "retryNow" | "resend";

/** A message key of the extension's locales and its values. */
export interface Line {
  key: string;
  values?: Record<string, string | number>;
}

export interface Story {
  deliveryId: string | null;
  tone: Tone;
  status: Line;
  lines: Line[];
  tags: string[];
  action: StoryAction | null;
  /** Earlier deliveries of the same order (sent again), shown as a count. */
  earlier: number;
}

const TONES: Record<string, Tone> = {
  delivered: "success",
  queued: "info",
  delivering: "info",
  retrying: "caution",
  dead: "critical",
  flow_failed: "critical",
  skipped: "neutral",
};

const ACTIONS: Record<string, StoryAction> = {
  dead: "retry",
  skipped: "retry",
  retrying: "retryNow",
  delivered: "resend",
  flow_failed: "resend",
};

/** Which button the block shows for a delivery in `status` (none while it is on its way). */
export function actionFor(status: string): StoryAction | null {
  return ACTIONS[status] ?? null;
}

/** "in 5 min", "in 2 h", "now": how long until `at`, in whole minutes or hours. */
export function untilLine(at: string, now: Date): Line {
  const minutes = Math.ceil((new Date(at).getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return { key: "story.nextRetryNow" };
  if (minutes < 90) return { key: "story.nextRetryMinutes", values: { count: minutes } };
  return { key: "story.nextRetryHours", values: { count: Math.round(minutes / 60) } };
}

/**
 * The codes the block words itself: app/lib/delivery-errors.ts's list, copied because the extension is built and
 * deployed apart from the app (tests/extensions/ fails when a code has no message here). A code the app learns
 * before the extension is deployed again falls back to the stored sentence.
 */
const ERROR_CODES = new Set([
  "no_api_key",
  "no_order_flow",
  "no_cart_flow",
  "no_incident_flow",
  "payload_erased",
  "checkout_converted",
  "no_contact",
  "no_order_id",
  "test_order_removed",
  "held_no_mobile",
  "no_mobile",
  "order_cancelled",
  "held_possible_duplicate",
  "held_blocked_phone",
  "held_high_risk",
  "blocked_phone",
  "waiting_for_window",
  "trigger_timeout",
  "trigger_unreachable",
  "trigger_http",
  "preparation_failed",
  "worker_stopped",
]);
const HTTP_STATUSES_WORDED = new Set([401, 403, 404, 422, 429]);

/**
 * A time of day on the shop's clock as the admin words it everywhere, "08:00" as "8:00": the same as
 * app/lib/sending-hours.ts `clockLabel` (tests/extensions/ checks they agree), here because the extension is
 * bundled on its own.
 */
export function clockLabel(time: string): string {
  return time.replace(/^0(\d:)/, "$1");
}

/**
 * The last error in the merchant's language: its code's message; a row from before codes (or a code this build does
 * not know) gets a general message, never the server's English sentence.
 */
export function errorLine(delivery: StoryDelivery): Line | null {
  const code = delivery.lastErrorCode;
  if (!code || !ERROR_CODES.has(code)) return delivery.lastError ? { key: "story.unrecordedError" } : null;
  const params = delivery.lastErrorParams ?? {};
  if (code === "trigger_http") {
    const status = params.status ?? 0;
    const variant = HTTP_STATUSES_WORDED.has(status) ? String(status) : status >= 500 ? "5xx" : "other";
    return { key: `error.trigger_http_${variant}`, values: { status } };
  }
  if (code === "waiting_for_window")
    return { key: "error.waiting_for_window", values: { opensAt: params.opensAt ? clockLabel(params.opensAt) : "—" } };
  if (code === "held_high_risk") return { key: "error.held_high_risk", values: { score: params.score ?? "—" } };
  if (code === "worker_stopped") return { key: "error.worker_stopped", values: { count: params.attempts ?? 1 } };
  return { key: `error.${code}` };
}

/** The flow's answers the block words; another one reads as a general answer. */
const CALLBACK_OUTCOMES = new Set(["success", "completed", "pending", "error", "failed", "tagged"]);

/**
 * The newest delivery's story; deliveries come newest first. `paused`: the shop's automation is paused, so a
 * delivery waiting to go out waits for the merchant, not for its schedule.
 */
export function buildStory(deliveries: StoryDelivery[], now: Date, paused = false): Story {
  const latest = deliveries[0];
  if (!latest) {
    return {
      deliveryId: null,
      tone: "neutral",
      status: { key: "story.none" },
      lines: [{ key: "story.noneHelp" }],
      tags: [],
      action: null,
      earlier: 0,
    };
  }
  const lines: Line[] = [];
  const flow = latest.flowName ?? latest.flowId;
  if (flow) lines.push({ key: "story.flow", values: { flow } });
  lines.push({ key: "story.attempts", values: { count: latest.attempts } });
  const waiting = ["queued", "retrying"].includes(latest.status);
  if (paused && waiting) lines.push({ key: "story.paused" });
  else if (latest.status === "retrying" && latest.nextAttemptAt) lines.push(untilLine(latest.nextAttemptAt, now));
  // Outside the shop's sending hours an order waits for the opening: the block says when it goes out.
  const waitsForWindow = latest.status === "queued" && latest.lastErrorCode === "waiting_for_window";
  if (["retrying", "dead", "skipped"].includes(latest.status) || (waitsForWindow && !paused)) {
    const error = errorLine(latest);
    if (error) lines.push(error);
  }
  if (latest.callbackStatus) {
    lines.push({
      key: `story.outcome.${CALLBACK_OUTCOMES.has(latest.callbackStatus) ? latest.callbackStatus : "other"}`,
    });
  } else if (latest.status === "delivered") lines.push({ key: "story.awaitingCallback" });
  return {
    deliveryId: latest.id,
    tone: TONES[latest.status] ?? "neutral",
    status: { key: `status.${TONES[latest.status] ? latest.status : "unknown"}` },
    lines,
    tags: latest.tagsApplied,
    action: actionFor(latest.status),
    earlier: deliveries.length - 1,
  };
}

/**
 * The request the block's button makes (a relative URL: the admin sends it to the app with the session token).
 * A resend runs a flow that already ran: it is sent with `confirmRepeat` once the merchant confirmed
 * (docs/decisions/191).
 */
export function actionRequest(action: StoryAction, deliveryId: string, orderId: string, confirmRepeat = false) {
  if (action === "resend") {
    return {
      url: "/api/deliveries/resend",
      init: {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(confirmRepeat ? { orderId, confirmRepeat: true } : { orderId }),
      },
    };
  }
  return { url: `/api/deliveries/${encodeURIComponent(deliveryId)}/retry`, init: { method: "POST" } };
}

/** The failure codes the app answers these calls with that the extensions word themselves. */
export const WORDED_FAILURES = [
  "already_delivered",
  "already_pending",
  "payload_erased",
  "not_found",
  "unauthorized",
  "rate_limited",
  "repeat_needs_confirmation",
  "repeat_cooldown",
  "loop_test_ended",
  "no_longer_held",
  "held_order_erased",
] as const;
const FAILURE_CODES = new Set<string>(WORDED_FAILURES);

/**
 * A failed answer in the merchant's language, by the app's stable `code` (never its English `error` sentence);
 * an answer without a known code is a general failure.
 */
export async function failureMessage(response: Response): Promise<Line> {
  const body = (await response.json().catch(() => null)) as { code?: unknown } | null;
  const code = typeof body?.code === "string" && FAILURE_CODES.has(body.code) ? body.code : "generic";
  return { key: `failure.${code}` };
}

/** A call that did not even get an answer (offline, blocked): never the thrown error's text. */
export const NETWORK_FAILURE: Line = { key: "failure.network" };
