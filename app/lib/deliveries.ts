import { hasMessage, type MessageKey, type PluralBase, type Vars } from "~/i18n";
import type { DeliveryStatus } from "./api-types";
import type { DeliveryErrorCode, DeliveryErrorParams } from "./delivery-errors";
import { clockLabel } from "./sending-hours";

/**
 * The statuses the page offers to send again (POST /api/deliveries/:id/retry): a dead one, one whose flow
 * failed, and one waiting for its next attempt (sent now). A skipped one is not offered: the fix is its
 * configuration, so the page links to Settings instead.
 */
export const RETRYABLE_STATUSES: readonly DeliveryStatus[] = ["dead", "flow_failed", "retrying"];

/** A webhook topic in the merchant's words; an unknown topic shows as it is. */
export function topicLabel(t: (key: MessageKey, vars?: Vars) => string, topic: string) {
  const key = `deliveries.topic.${topic}`;
  return hasMessage(key) ? t(key) : topic;
}

/** A value the API reports in its own words (an attempt outcome, a callback status), translated when known. */
export function labelled(t: (key: MessageKey, vars?: Vars) => string, prefix: string, value: string | null) {
  if (!value) return "—";
  const key = `${prefix}.${value}`;
  return hasMessage(key) ? t(key) : value;
}

/**
 * The flow's result in the merchant's words: a status the app knows by its word ("Terminado"), any other as the
 * merchant's own flow named it, quoted ("«cancelled»"), so it never reads as the app's word for the buyer's answer.
 */
export function flowResultLabel(t: (key: MessageKey, vars?: Vars) => string, status: string | null) {
  if (!status) return "—";
  const key = `delivery.callbackStatus.${status}`;
  return hasMessage(key) ? t(key) : t("delivery.callbackStatus.other", { status });
}

/** The order (or draft order) in the store's admin, for a link from the page; null for others (checkouts). */
export function orderAdminUrl(delivery: { orderId: string | null }) {
  const match = /^gid:\/\/shopify\/(Order|DraftOrder)\/(\d+)$/.exec(delivery.orderId ?? "");
  if (!match) return null;
  return `shopify://admin/${match[1] === "Order" ? "orders" : "draft_orders"}/${match[2]}`;
}

/** A waiting delivery is sent now; a failed one is sent again. */
export function retryLabel(status: DeliveryStatus) {
  return status === "retrying" ? ("deliveries.sendNow" as const) : ("deliveries.retry" as const);
}

type Wording = {
  t: (key: MessageKey, vars?: Vars) => string;
  tp: (base: PluralBase, count: number, vars?: Vars) => string;
};

/**
 * Why a delivery was skipped or an attempt failed, in the merchant's words (docs/decisions/130): the message for
 * the code (for an HTTP answer, its status's own message when there is one), and as `detail` the upstream's words,
 * which only a detail line shows. A row from before codes has only its English sentence: a generic message, with
 * that sentence as the detail.
 */
export function deliveryErrorText(
  { t, tp }: Wording,
  failure: { code?: DeliveryErrorCode | null; params?: DeliveryErrorParams | null; text?: string | null },
): { message: string; detail: string | null } | null {
  const params = failure.params ?? {};
  if (!failure.code) return failure.text ? { message: t("deliveryError.unrecorded"), detail: failure.text } : null;
  const code = failure.code;
  let message: string;
  if (code === "worker_stopped") {
    message = tp("deliveryError.worker_stopped", params.attempts ?? 0);
  } else if (code === "trigger_http") {
    const status = params.status ?? 0;
    const own = `deliveryError.trigger_http.${status >= 500 ? "5xx" : status}`;
    message = t(hasMessage(own) ? own : "deliveryError.trigger_http", { status });
  } else if (code === "waiting_for_window") {
    message = t("deliveryError.waiting_for_window", { opensAt: params.opensAt ? clockLabel(params.opensAt) : "—" });
  } else if (code === "held_high_risk") {
    message = t("deliveryError.held_high_risk", { score: params.score ?? "—" });
  } else {
    message = t(`deliveryError.${code}`);
  }
  if (params.gaveUpAfter) message = `${message}. ${tp("deliveryError.gaveUp", params.gaveUpAfter)}`;
  return { message, detail: params.detail ?? null };
}

/** The skip codes the merchant fixes in Settings: only these offer "Review settings". */
const SETTINGS_SKIPS: readonly (DeliveryErrorCode | null)[] = [
  "no_api_key",
  "no_order_flow",
  "no_cart_flow",
  "no_incident_flow",
];

/**
 * What a skipped delivery's reason means for the merchant: `settings` (something to fix in Settings, the only
 * one that offers the way there), or the reason itself when it is an outcome, not a fault (a cart that became an
 * order, the loop test's removed order, a cart with no one to write to), else `other`.
 */
export function skipKind(code: DeliveryErrorCode | null | undefined) {
  if (SETTINGS_SKIPS.includes(code ?? null)) return "settings" as const;
  if (code === "checkout_converted" || code === "test_order_removed" || code === "no_contact") return code;
  return "other" as const;
}

/**
 * The name a delivery is shown by: its order's name; a cart that became an order by that order; a checkout (which
 * has none) as its buyer's cart; never the event id, which means nothing to a merchant.
 */
export function deliveryName(
  t: (key: MessageKey, vars?: Vars) => string,
  delivery: {
    orderName: string | null;
    topic: string;
    buyer?: { name: string | null } | null;
    convertedTo?: { orderName: string | null } | null;
  },
) {
  if (delivery.orderName) return delivery.orderName;
  if (delivery.convertedTo?.orderName) return t("deliveries.cartBecame", { order: delivery.convertedTo.orderName });
  const buyer = delivery.buyer?.name;
  if (delivery.topic === "checkouts/create")
    return buyer ? t("deliveries.cartOf", { name: buyer }) : t("deliveries.cartUnnamed");
  return buyer ?? t("deliveries.cartUnnamed");
}

/** A checkout waiting out its abandonment delay: the buyer may still order, so it is not late. */
export function isWaitingCart(delivery: { topic: string; status: DeliveryStatus; nextAttemptAt: string | null }) {
  return delivery.topic === "checkouts/create" && delivery.status === "queued" && delivery.nextAttemptAt !== null;
}
