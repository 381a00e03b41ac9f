import http from "node:http";
import https from "node:https";
import { keepAliveAgentFor } from "../net/keep-alive-fetch.server";

/**
 * The trigger's POST on node:http with a keep-alive agent (docs/decisions/171). undici's `fetch` built a Request,
 * Headers, an AbortSignal and a web stream per call: about a fifth of the app's main thread in the order bench,
 * for a JSON POST to one configured host whose answer is a status and a short body. Redirects are not followed
 * (node:http never does): a 3xx is answered to the caller as it came, like `redirect: "manual"`. The agents are
 * shared with the platform library's transport (../net/keep-alive-fetch.server.ts, docs/decisions/175).
 */

export interface PostedAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The first `maxBodyBytes` of the body; the rest is read and dropped so the connection can be reused. */
  body: string;
}

/** The request did not complete in time (connection, answer and body included). */
export class PostTimeoutError extends Error {
  constructor() {
    super("The request timed out");
    this.name = "TimeoutError";
  }
}

export function postJson(
  url: string,
  options: { headers: Record<string, string>; body: string; timeoutMs: number; maxBodyBytes: number },
): Promise<PostedAnswer> {
  const target = new URL(url);
  const transport = target.protocol === "https:" ? https : http;
  const body = Buffer.from(options.body);
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => finish(new PostTimeoutError()), options.timeoutMs);
    function finish(error: Error | null, answer?: PostedAnswer) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        request.destroy();
        reject(error);
      } else resolve(answer!);
    }
    const request = transport.request(target, {
      method: "POST",
      agent: keepAliveAgentFor(target),
      headers: { ...options.headers, "Content-Length": String(body.length) },
    });
    request.on("error", (error) => finish(error));
    request.on("response", (response) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      response.on("data", (chunk: Buffer) => {
        if (kept >= options.maxBodyBytes) return;
        chunks.push(chunk);
        kept += chunk.length;
      });
      response.on("error", (error) => finish(error));
      response.on("end", () =>
        finish(null, {
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).subarray(0, options.maxBodyBytes).toString("utf8"),
        }),
      );
    });
    request.end(body);
  });
}
