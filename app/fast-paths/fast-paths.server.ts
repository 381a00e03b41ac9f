import type { IncomingMessage, ServerResponse } from "node:http";
import { CALLBACK_PATH } from "../services/automation/callback-exchange.server";
import { deliveryReceiver } from "../services/deliveries/receive.server";
import type { DeliveryTopic } from "../services/deliveries/status.server";
import type { WebhookReceiver } from "../services/platform/webhooks.server";
import { answerCallback } from "./callback-fast-path.server";
import { answerOrderWebhook } from "./webhook-fast-path.server";

/**
 * The paths the production server answers before Remix (docs/decisions/162, 166), and the one place that says which
 * topic each order webhook path stores: the route modules behind the same paths (app/routes/webhooks.*.create.ts,
 * served by the development server and by whatever the fast path passes on) take their receiver from here, so the
 * two can not disagree (tests/server/fast-path-routes.test.ts).
 */
export const ORDER_WEBHOOK_TOPICS = {
  "/webhooks/orders/create": "orders/create",
  "/webhooks/draft_orders/create": "draft_orders/create",
  "/webhooks/checkouts/create": "checkouts/create",
} as const satisfies Record<string, DeliveryTopic>;

export type OrderWebhookPath = keyof typeof ORDER_WEBHOOK_TOPICS;

const RECEIVERS = new Map<string, WebhookReceiver>(
  Object.entries(ORDER_WEBHOOK_TOPICS).map(([path, topic]) => [path, deliveryReceiver(topic)]),
);

/** The receiver of an order webhook path: the one object the route module and the fast path both answer with. */
export function orderWebhookReceiver(path: OrderWebhookPath): WebhookReceiver {
  return RECEIVERS.get(path)!;
}

type FastPath = (incoming: IncomingMessage, outgoing: ServerResponse, path: string) => void;

const FAST_PATHS = new Map<string, FastPath>([
  ...[...RECEIVERS].map(([path, receiver]): [string, FastPath] => [
    path,
    (incoming, outgoing) => answerOrderWebhook(incoming, outgoing, path, receiver),
  ]),
  [CALLBACK_PATH, (incoming, outgoing) => answerCallback(incoming, outgoing)],
]);

/** Every path a fast path takes (POST only, exactly this path, no query string). */
export const FAST_PATH_NAMES: readonly string[] = [...FAST_PATHS.keys()];

/**
 * Whether the answer on `pathname` is an acknowledgement its sender times: every webhook the platform sends and the
 * automation platform's callback, through a fast path or through Remix. The production server never compresses
 * those (docs/decisions/296): a few bytes saved against the sender's clock.
 */
export function isAcknowledgementPath(pathname: string): boolean {
  return pathname.startsWith("/webhooks/") || pathname === CALLBACK_PATH;
}

/**
 * Takes the request when a fast path answers it (true), else leaves it to Remix (false). Only `POST` on an exact
 * path with no query string is taken; another method (the callback's preflight), a query or an encoded path goes on
 * to Remix, whose routes give the same answer. The development server (Vite) mounts none of this.
 */
export function handleFastPath(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
  if (incoming.method !== "POST") return false;
  const path = incoming.url ?? "";
  const answer = FAST_PATHS.get(path);
  if (!answer) return false;
  answer(incoming, outgoing, path);
  return true;
}
