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
  lastErrorParams?: { status?: number; attempts?: number } | null;
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
  "payload_erased",
  "checkout_converted",
  "no_contact",
  "no_order_id",
  "test_order_removed",
  "held_no_mobile",
  "no_mobile",
  "order_cancelled",
  "held_possible_duplicate",
  "trigger_timeout",
  "trigger_unreachable",
  "trigger_http",
  "preparation_failed",
  "worker_stopped",
]);
const HTTP_STATUSES_WORDED = new Set([401, 403, 404, 422, 429]);

/** The last error in the merchant's language: its code's message, or the stored English sentence for old rows. */
export function errorLine(delivery: StoryDelivery): Line | null {
  const code = delivery.lastErrorCode;
  if (!code || !ERROR_CODES.has(code)) {
    return delivery.lastError ? { key: "story.lastError", values: { error: delivery.lastError } } : null;
  }
  const params = delivery.lastErrorParams ?? {};
  if (code === "trigger_http") {
    const status = params.status ?? 0;
    const variant = HTTP_STATUSES_WORDED.has(status) ? String(status) : status >= 500 ? "5xx" : "other";
    return { key: `error.trigger_http_${variant}`, values: { status } };
  }
  if (code === "worker_stopped") return { key: "error.worker_stopped", values: { count: params.attempts ?? 1 } };
  return { key: `error.${code}` };
}

/** The newest delivery's story; deliveries come newest first. */
export function buildStory(deliveries: StoryDelivery[], now: Date): Story {
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
  if (latest.status === "retrying" && latest.nextAttemptAt) lines.push(untilLine(latest.nextAttemptAt, now));
  if (["retrying", "dead", "skipped"].includes(latest.status)) {
    const error = errorLine(latest);
    if (error) lines.push(error);
  }
  if (latest.callbackStatus) lines.push({ key: "story.callback", values: { outcome: latest.callbackStatus } });
  else if (latest.status === "delivered") lines.push({ key: "story.awaitingCallback" });
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

/** The request the block's button makes (a relative URL: the admin sends it to the app with the session token). */
export function actionRequest(action: StoryAction, deliveryId: string, orderId: string) {
  if (action === "resend") {
    return {
      url: "/api/deliveries/resend",
      init: {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ orderId }),
      },
    };
  }
  return { url: `/api/deliveries/${encodeURIComponent(deliveryId)}/retry`, init: { method: "POST" } };
}

/** The message of a failed answer: the app's `{ success: false, error }`, else the HTTP status. */
export async function failureMessage(response: Response): Promise<string> {
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  return typeof body?.error === "string" ? body.error : `HTTP ${response.status}`;
}
