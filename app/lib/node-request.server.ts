import type { IncomingMessage } from "node:http";
import { AppError } from "./http.server";

/** What the production server's fast paths (docs/decisions/162, 166) read from node:http's message. */

export function headerValue(value: string | string[] | undefined): string | null {
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(", ") : value;
}

/**
 * The body, held to `maxBytes` as `readLimitedBody` holds a Request's: a larger declared length is refused before a
 * byte is read, a longer stream is refused at the limit and not read further.
 */
export function readNodeBody(incoming: IncomingMessage, maxBytes: number, message: string): Promise<Uint8Array> {
  if (Number(incoming.headers["content-length"] ?? 0) > maxBytes) return Promise.reject(new AppError(413, message));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      incoming.off("data", onData);
      incoming.off("end", onEnd);
      incoming.off("error", onError);
      incoming.off("close", onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > maxBytes) {
        done();
        incoming.pause();
        reject(new AppError(413, message));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      done();
      reject(new Error("The request was closed before its body ended"));
    };
    incoming.on("data", onData);
    incoming.on("end", onEnd);
    incoming.on("error", onError);
    incoming.on("close", onClose);
  });
}
