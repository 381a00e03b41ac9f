import type { IncomingMessage, ServerResponse } from "node:http";
import { SECURITY_HEADERS } from "./lib/http.server";
import { headerValue, readNodeBody } from "./lib/node-request.server";
import { logger } from "./logger.server";
import { deliveryReceiver } from "./services/deliveries/receive.server";
import { receiveWebhook, type WebhookReceiver, type WebhookRequest } from "./services/platform/webhooks.server";

/**
 * The order webhooks, answered by the production server before Remix sees them (docs/decisions/162): the same
 * receiver and the same check as the route modules (app/routes/webhooks.*.create.ts), without the Request object,
 * the body stream and the router around them, which cost more than the check and the insert together. Only the
 * exact paths with no query string are taken; anything else (another method, a query, an encoded path) goes on
 * to Remix, whose routes give the same answer. The development server (Vite) does not mount this.
 */
const RECEIVERS: Record<string, WebhookReceiver> = {
  "/webhooks/orders/create": deliveryReceiver("orders/create"),
  "/webhooks/draft_orders/create": deliveryReceiver("draft_orders/create"),
  "/webhooks/checkouts/create": deliveryReceiver("checkouts/create"),
};

export const FAST_WEBHOOK_PATHS = Object.keys(RECEIVERS);

/** Takes the request when it is one of the order webhooks (true), else leaves it to the caller (false). */
export function handleWebhookFastPath(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
  if (incoming.method !== "POST") return false;
  const path = incoming.url ?? "";
  const receiver = Object.hasOwn(RECEIVERS, path) ? RECEIVERS[path] : undefined;
  if (!receiver) return false;
  receiveWebhook(nodeWebhookRequest(incoming, path), receiver).then(
    (answer) => send(incoming, outgoing, answer.status, answer.body),
    (error: unknown) => {
      // A sender that hung up mid-body (its timeout) is not the app's failure: nothing was stored or answered.
      if (!incoming.complete && incoming.destroyed) {
        logger.warn({ path }, "webhook connection closed before its body ended");
        return;
      }
      logger.error(
        { path, err: error instanceof Error ? { message: error.message, stack: error.stack } : String(error) },
        "webhook failed",
      );
      send(incoming, outgoing, 500, "Internal error");
    },
  );
  return true;
}

function send(incoming: IncomingMessage, outgoing: ServerResponse, status: number, body: string) {
  if (outgoing.headersSent || outgoing.destroyed) return;
  outgoing.writeHead(status, {
    "Content-Type": "text/plain",
    "Content-Length": Buffer.byteLength(body),
    ...SECURITY_HEADERS,
    // A body refused unread (413) is not drained to keep the connection: the connection ends with the answer.
    ...(incoming.complete ? {} : { Connection: "close" }),
  });
  outgoing.end(body);
}

/** node:http's message as the webhook check reads it (node:http gives header names in lower case). */
function nodeWebhookRequest(incoming: IncomingMessage, path: string): WebhookRequest {
  return {
    path,
    header: (name) => headerValue(incoming.headers[name]),
    readBody: (maxBytes, message) => readNodeBody(incoming, maxBytes, message),
  };
}
