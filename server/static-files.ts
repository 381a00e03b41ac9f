/**
 * The build's static files (build/client) as the production server serves them, each in the encoding the client
 * prefers among those `npm run build` wrote beside it (scripts/lib/precompress-assets.ts): brotli, gzip, or the file
 * itself (docs/decisions/296). Emitted beside the server entry as it is (scripts/lib/server-entry.ts): it imports
 * only Node and negotiator.
 */
import { createReadStream, statSync, type Stats } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pipeline } from "node:stream";
import Negotiator from "negotiator";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".map": "application/json",
};

/** The encodings a file may have been written in beside itself, by the suffix of that copy; best first. */
export const PRECOMPRESSED = [
  { encoding: "br", suffix: ".br" },
  { encoding: "gzip", suffix: ".gz" },
] as const;

function fileStats(file: string): Stats | null {
  try {
    const stats = statSync(file);
    return stats.isFile() ? stats : null;
  } catch {
    return null;
  }
}

/** One representation's validator: its size and time, and its encoding, so no two representations share one. */
function entityTag(stats: Stats, encoding: string) {
  const suffix = encoding === "identity" ? "" : `-${encoding}`;
  return `"${stats.size.toString(36)}-${Math.floor(stats.mtimeMs).toString(36)}${suffix}"`;
}

/** If-None-Match names this representation (weak comparison, which GET and HEAD allow). */
function notModified(incoming: IncomingMessage, tag: string) {
  const header = incoming.headers["if-none-match"];
  if (!header) return false;
  return header.trim() === "*" || header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === tag);
}

/**
 * Answers a GET or HEAD for a file under `clientDir` (true), or leaves the request to Remix (false). Hashed files
 * (`/assets/`) are cached for a year as immutable; the rest for an hour. A file with encoded copies is sent in the
 * one the client's Accept-Encoding ranks highest (q-values; brotli before gzip before the file itself when ranked
 * equal), with `Vary: Accept-Encoding`, that copy's length and its own ETag. Range requests are not supported: the
 * whole representation is the answer.
 */
export function serveStatic(incoming: IncomingMessage, outgoing: ServerResponse, clientDir: string): boolean {
  if (incoming.method !== "GET" && incoming.method !== "HEAD") return false;
  // A malformed escape (`/%ff`) names no file here; Remix answers it like remix-serve does.
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(incoming.url ?? "/", "http://app").pathname);
  } catch {
    return false;
  }
  const file = path.join(clientDir, pathname);
  if (!file.startsWith(clientDir + path.sep)) return false;
  const identity = fileStats(file);
  if (!identity) return false;

  const copies = PRECOMPRESSED.flatMap(({ encoding, suffix }) => {
    const stats = fileStats(file + suffix);
    return stats ? [{ encoding, file: file + suffix, stats }] : [];
  });
  const representations = [...copies, { encoding: "identity", file, stats: identity }];
  // No acceptable encoding at all (`identity;q=0` alone) still gets the file itself: a 406 helps no browser.
  const chosen = copies.length
    ? new Negotiator(incoming).encoding(
        representations.map((representation) => representation.encoding),
        { preferred: representations.map((representation) => representation.encoding) },
      )
    : "identity";
  const sent = representations.find((representation) => representation.encoding === chosen) ?? representations.at(-1)!;
  const tag = entityTag(sent.stats, sent.encoding);
  const headers: Record<string, string | number> = {
    "Cache-Control": pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
    ETag: tag,
    ...(copies.length ? { Vary: "Accept-Encoding" } : {}),
  };
  if (notModified(incoming, tag)) {
    outgoing.writeHead(304, headers).end();
    return true;
  }
  outgoing.writeHead(200, {
    ...headers,
    "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream",
    "Content-Length": sent.stats.size,
    ...(sent.encoding === "identity" ? {} : { "Content-Encoding": sent.encoding }),
  });
  if (incoming.method === "HEAD") outgoing.end();
  else {
    // pipeline, not pipe: a read that fails after the head is sent destroys the answer, which closes the connection
    // (pipe would leave it open with the answer unfinished, and the error unhandled), and a client that goes away
    // closes the file.
    pipeline(createReadStream(sent.file), outgoing, (error) => {
      if (error && (error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") {
        console.error("static file could not be read", sent.file, (error as NodeJS.ErrnoException).code);
      }
    });
  }
  return true;
}
