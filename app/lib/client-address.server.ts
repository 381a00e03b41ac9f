import type { IncomingMessage } from "node:http";
import { headerValue } from "./node-request.server";

/**
 * What a request says about where it came from: the X-Forwarded-For list as the proxies in front of the app built
 * it (never touched by the app's own server) and the address of the connection the app's server accepted.
 */
export interface RequestOrigin {
  forwardedFor: string | null;
  /** The socket's remote address; null where no server of ours accepted the connection (the Vite dev server). */
  peerAddress: string | null;
}

/**
 * The client's address: the one rule every path uses (docs/decisions/188). With `trustedHops` proxies in front of
 * the app, each appends the address it accepted the connection from, so the entry `trustedHops` from the right of
 * the list is what the outermost proxy saw: the client. Entries left of it are the client's own writing and are never
 * believed. With 0 hops the app faces its clients and the connection's address is the client. A list shorter than the
 * hops (a request that did not pass every proxy) gives its leftmost entry, which a proxy wrote, else the connection.
 */
export function clientAddress(origin: RequestOrigin, trustedHops: number): string {
  const entries = (origin.forwardedFor ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chosen =
    trustedHops < 1 ? origin.peerAddress : (entries[entries.length - trustedHops] ?? entries[0] ?? origin.peerAddress);
  return chosen && /^[0-9a-fA-F:.[\]]{2,64}$/.test(chosen) ? chosen.replace(/^::ffff:/, "") : "unknown";
}

/**
 * A Remix request's origin: its header and the connection's address, which the app's server puts in the load
 * context as `peerAddress` (server/app-server.ts).
 */
export function requestOrigin(request: Request, context: { peerAddress?: unknown } | undefined): RequestOrigin {
  const peer = context?.peerAddress;
  return { forwardedFor: request.headers.get("x-forwarded-for"), peerAddress: typeof peer === "string" ? peer : null };
}

/**
 * The same for node:http's message, where the production server answers before Remix
 * (app/fast-paths/fast-paths.server.ts): the header as the proxies built it and the socket's address, exactly what
 * server/app-server.ts gives Remix.
 */
export function nodeRequestOrigin(incoming: IncomingMessage): RequestOrigin {
  return {
    forwardedFor: headerValue(incoming.headers["x-forwarded-for"]),
    peerAddress: incoming.socket.remoteAddress ?? null,
  };
}
