/**
 * Why a delivery was skipped or an attempt failed, as a stable code with safe parameters: one list both layers
 * read (the worker and routing write it, the pages word it in the merchant's language; docs/decisions/130).
 * The English sentence stays in `lastError` / the attempt's `error` for the API, logs and operators.
 */
export const DELIVERY_ERROR_CODES = [
  // Not sent (skipped), because of the shop's configuration or the order itself.
  "no_api_key",
  "no_order_flow",
  "no_cart_flow",
  "no_incident_flow",
  "payload_erased",
  "checkout_converted",
  "no_contact",
  "no_order_id",
  "test_order_removed",
  // The shop's order rules (docs/decisions/220): no usable mobile, held for the team or skipped.
  "held_no_mobile",
  "no_mobile",
  "order_cancelled",
  "held_possible_duplicate",
  // The shop's rule for risky orders (docs/decisions/335): a high return-risk score, held for the team.
  "held_high_risk",
  // The merchant blocked the buyer's phone (docs/decisions/337): held for the team or not sent.
  "held_blocked_phone",
  "blocked_phone",
  // Not an outcome: the order waits for the shop's sending hours to open (docs/decisions/224).
  "waiting_for_window",
  // An attempt at the automation platform that failed.
  "trigger_timeout",
  "trigger_unreachable",
  "trigger_http",
  "preparation_failed",
  "worker_stopped",
] as const;
export type DeliveryErrorCode = (typeof DELIVERY_ERROR_CODES)[number];

/**
 * Parameters safe to store and show: an HTTP status, a count, and `detail`, the upstream's own words (already
 * stripped of the API key and of anything but a JSON body's message), shown only as a detail beside the message.
 */
export interface DeliveryErrorParams {
  status?: number;
  /** worker_stopped: the attempts the worker never finished. */
  attempts?: number;
  /** Set when the schedule gave up: the attempts made. */
  gaveUpAfter?: number;
  detail?: string;
  /** waiting_for_window: the opening, HH:MM in the shop's zone. */
  opensAt?: string;
  /** held_high_risk: the order's return-risk score. */
  score?: number;
}

export interface DeliveryError {
  code: DeliveryErrorCode;
  params?: DeliveryErrorParams;
}

export function isDeliveryErrorCode(value: unknown): value is DeliveryErrorCode {
  return typeof value === "string" && (DELIVERY_ERROR_CODES as readonly string[]).includes(value);
}

const ENGLISH: Record<DeliveryErrorCode, (params: DeliveryErrorParams) => string> = {
  no_api_key: () => "No automation API key is configured",
  no_order_flow: () => "No new-order flow is configured",
  no_cart_flow: () => "No abandoned-cart flow is configured",
  no_incident_flow: () => "No delivery-incident flow is configured",
  payload_erased: () => "The order data was erased before it could be delivered",
  checkout_converted: () => "An order was placed for this checkout",
  no_contact: () => "The checkout has no phone or email to follow up",
  no_order_id: () => "The webhook body names no order id; nothing was sent",
  test_order_removed: () => "The loop test finished and deleted its test order; nothing was sent",
  held_no_mobile: () => "Held: the buyer's phone is no usable mobile number (tagged automation-no-phone)",
  no_mobile: () => "Not sent: the buyer's phone is no usable mobile number (the shop's rule)",
  order_cancelled: () => "Not sent: the order was cancelled before its trigger went out",
  held_possible_duplicate: () =>
    "Held: the same phone ordered the same items shortly before (tagged automation-possible-duplicate)",
  held_high_risk: ({ score }) => `Held: a return-risk score of ${score ?? "?"} (the shop's rule for risky orders)`,
  held_blocked_phone: () => "Held: the buyer's phone is on the shop's blocklist (tagged automation-blocked-phone)",
  blocked_phone: () => "Not sent: the buyer's phone is on the shop's blocklist (the shop's rule)",
  waiting_for_window: ({ opensAt }) => `Waiting for the shop's sending hours; goes out at ${opensAt ?? "the opening"}`,
  trigger_timeout: () => "Timed out waiting for the automation platform",
  trigger_unreachable: ({ detail }) => `Network error: ${detail ?? "unknown"}`,
  trigger_http: ({ status, detail }) => `Automation platform answered HTTP ${status}${detail ? `: ${detail}` : ""}`,
  preparation_failed: () => "Internal error while preparing the delivery",
  worker_stopped: ({ attempts }) => `The worker stopped during each of ${attempts} attempts`,
};

/** The English sentence kept in `lastError` and the attempt log (the API's and the operators' words). */
export function describeDeliveryError({ code, params = {} }: DeliveryError): string {
  const sentence = ENGLISH[code](params);
  return params.gaveUpAfter ? `Gave up after ${params.gaveUpAfter} attempts. ${sentence}` : sentence;
}

/** The columns a delivery's last error is stored in: the sentence, its code and its parameters (JSON). */
export function lastErrorColumns(error: DeliveryError | null) {
  return {
    lastError: error ? describeDeliveryError(error) : null,
    lastErrorCode: error?.code ?? null,
    lastErrorParams: error?.params && Object.keys(error.params).length ? JSON.stringify(error.params) : null,
  };
}

/** A stored code and parameters back as a DeliveryError; null for a row written before codes (free text only). */
export function storedDeliveryError(code: unknown, params: unknown): DeliveryError | null {
  if (!isDeliveryErrorCode(code)) return null;
  let parsed: unknown = params;
  if (typeof params === "string") {
    try {
      parsed = JSON.parse(params);
    } catch {
      parsed = null;
    }
  }
  return { code, params: safeParams(parsed) };
}

function safeParams(value: unknown): DeliveryErrorParams {
  if (!value || typeof value !== "object") return {};
  const raw = value as Record<string, unknown>;
  const params: DeliveryErrorParams = {};
  for (const key of ["status", "attempts", "gaveUpAfter", "score"] as const) {
    if (typeof raw[key] === "number" && Number.isFinite(raw[key])) params[key] = raw[key];
  }
  if (typeof raw.detail === "string" && raw.detail) params.detail = raw.detail;
  if (typeof raw.opensAt === "string" && /^\d{2}:\d{2}$/.test(raw.opensAt)) params.opensAt = raw.opensAt;
  return params;
}
