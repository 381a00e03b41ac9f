import type { IncomingMessage, ServerResponse } from "node:http";
import { headerValue, readNodeBody } from "./lib/node-request.server";
import { logger } from "./logger.server";
import { answerCallback, CALLBACK_PATH, type CallbackAnswer } from "./services/automation/callback-exchange.server";

/**
 * The automation platform's callback, answered by the production server before Remix (docs/decisions/166), through
 * the exchange the route module (app/routes/api.automation.callback.ts) answers with: same checks, limits, bodies,
 * status codes and headers, without the Request, the body stream and the router. Only `POST` on the exact path with
 * no query string is taken; the preflight (OPTIONS), other methods and anything else go on to Remix.
 */
export function handleCallbackFastPath(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
  if (incoming.method !== "POST" || incoming.url !== CALLBACK_PATH) return false;
  answerCallback({
    method: "POST",
    header: (name) => headerValue(incoming.headers[name]),
    origin: {
      forwardedFor: headerValue(incoming.headers["x-forwarded-for"]),
      peerAddress: incoming.socket.remoteAddress ?? null,
    },
    readBody: (maxBytes, message) => readNodeBody(incoming, maxBytes, message),
  }).then(
    (answer) => send(incoming, outgoing, answer),
    (error: unknown) => {
      // answerCallback answers every failure itself; this is a bug in the answer's own making, logged without input.
      logger.error(
        { path: CALLBACK_PATH, err: error instanceof Error ? error.message : String(error) },
        "callback failed",
      );
      if (!outgoing.headersSent && !outgoing.destroyed) outgoing.writeHead(500).end();
    },
  );
  return true;
}

function send(incoming: IncomingMessage, outgoing: ServerResponse, answer: CallbackAnswer) {
  if (outgoing.headersSent || outgoing.destroyed) return;
  const body = JSON.stringify(answer.body);
  outgoing.writeHead(answer.status, {
    ...answer.headers,
    "Content-Length": Buffer.byteLength(body),
    // A body refused unread (413) is not drained to keep the connection: the connection ends with the answer.
    ...(incoming.complete ? {} : { Connection: "close" }),
  });
  outgoing.end(body);
}
