import type { IncomingMessage, ServerResponse } from "node:http";
import { nodeRequestOrigin } from "../lib/client-address.server";
import { headerValue, readNodeBody } from "../lib/node-request.server";
import { logger } from "../logger.server";
import {
  answerCallback as answerExchange,
  CALLBACK_PATH,
  type CallbackAnswer,
} from "../services/automation/callback-exchange.server";

/**
 * The automation platform's callback answered before Remix (docs/decisions/166), through the exchange the route
 * module (app/routes/api.automation.callback.ts) answers with: same checks, limits, bodies, status codes and
 * headers, without the Request, the body stream and the router. Which requests come here: ./fast-paths.server.ts.
 */
export function answerCallback(incoming: IncomingMessage, outgoing: ServerResponse) {
  answerExchange({
    method: "POST",
    header: (name) => headerValue(incoming.headers[name]),
    origin: nodeRequestOrigin(incoming),
    readBody: (maxBytes, message) => readNodeBody(incoming, maxBytes, message),
  }).then(
    (answer) => send(incoming, outgoing, answer),
    (error: unknown) => {
      // The exchange answers every failure itself; this is a bug in the answer's own making, logged without input.
      logger.error(
        { path: CALLBACK_PATH, err: error instanceof Error ? error.message : String(error) },
        "callback failed",
      );
      if (!outgoing.headersSent && !outgoing.destroyed) outgoing.writeHead(500).end();
    },
  );
}

function send(incoming: IncomingMessage, outgoing: ServerResponse, answer: CallbackAnswer) {
  if (outgoing.headersSent || outgoing.destroyed) return;
  const body = JSON.stringify(answer.body);
  outgoing.writeHead(answer.status, {
    ...answer.headers,
    "Content-Length": Buffer.byteLength(body),
    // A declared length refused unread (413) ends the connection with the answer; a streamed body refused at the
    // limit is read to its end and dropped by the server (server/app-server.ts), so the client gets the answer.
    ...(incoming.complete || incoming.headers["content-length"] === undefined ? {} : { Connection: "close" }),
  });
  outgoing.end(body);
}
