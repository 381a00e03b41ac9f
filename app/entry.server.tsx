import { PassThrough } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { startServices, stopServices } from "./bootstrap.server";
import { env } from "./env.server";
import { allowOverrideAdminToFrame } from "./services/platform/origin-override.server";
import { addDocumentResponseHeaders } from "./shopify.server";
import { setSecurityHeaders, withSecurityHeaders } from "./lib/http.server";

// Refuse to start on a bad configuration, with the list of what is wrong.
env();

/**
 * The server that loads this build starts the background services through this export (server/app-server.ts,
 * `npm start`); importing the entry starts nothing.
 */
export { startServices, stopServices };

/** The same server puts these on what never reaches Remix: static files and its own 400 for an unusable request. */
export { SECURITY_HEADERS } from "./lib/http.server";

/**
 * The same server takes what this answers before Remix: the order webhooks (docs/decisions/162) and the automation
 * callback (166), by the table in app/fast-paths/fast-paths.server.ts; and it never compresses the acknowledgements
 * (docs/decisions/296). The names are the ones server/app-server.ts reads.
 */
export { handleFastPath, isAcknowledgementPath } from "./fast-paths/fast-paths.server";

export const streamTimeout = 5000;

/** The pages' loader and action data carry the same security headers as everything else. */
export function handleDataRequest(response: Response) {
  return withSecurityHeaders(response);
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // The development server (Vite) has no start-up hook of ours: its first page starts them (idempotent).
  if (env().NODE_ENV === "development") startServices({ role: "web" });
  addDocumentResponseHeaders(request, responseHeaders);
  allowOverrideAdminToFrame(responseHeaders);
  setSecurityHeaders(responseHeaders);
  const userAgent = request.headers.get("user-agent");
  const callbackName = isbot(userAgent ?? "") ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(<RemixServer context={remixContext} url={request.url} />, {
      [callbackName]: () => {
        const body = new PassThrough();
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error) {
        reject(error);
      },
      onError(error) {
        responseStatusCode = 500;
        console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}
