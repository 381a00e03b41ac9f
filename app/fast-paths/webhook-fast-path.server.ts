import type { IncomingMessage, ServerResponse } from "node:http";
import { SECURITY_HEADERS } from "../lib/http.server";
import { headerValue, readNodeBody } from "../lib/node-request.server";
import { logger } from "../logger.server";
import { receiveWebhook, type WebhookReceiver, type WebhookRequest } from "../services/platform/webhooks.server";

/**
 * An order webhook answered before Remix sees it (docs/decisions/162): the same receiver and the same check as the
 * route module, without the Request object, the body stream and the router around them, which cost more than the
 * check and the insert together. Which paths come here: ./fast-paths.server.ts.
 */
export function answerOrderWebhook(
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  path: string,
  receiver: WebhookReceiver,
) {
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
}

function send(incoming: IncomingMessage, outgoing: ServerResponse, status: number, body: string) {
  if (outgoing.headersSent || outgoing.destroyed) return;
  outgoing.writeHead(status, {
    "Content-Type": "text/plain",
    "Content-Length": Buffer.byteLength(body),
    ...SECURITY_HEADERS,
    // A declared length refused unread (413) ends the connection with the answer; a streamed body refused at the
    // limit is read to its end and dropped by the server (server/app-server.ts), so the client gets the answer.
    ...(incoming.complete || incoming.headers["content-length"] === undefined ? {} : { Connection: "close" }),
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
