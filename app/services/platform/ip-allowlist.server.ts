import type { HttpResponseError } from "@shopify/shopify-api";
import prisma from "../../db.server";
import type { Logger } from "../../logger.server";
import { PlatformApiError } from "./errors.server";

/**
 * The platform refuses Admin API calls whose source address is outside the app's IP allowlist with HTTP 403
 * (docs/decisions/189). Neither the merchant nor a new token can fix that: only the app's operator, by adding the
 * server's outbound address to the allowlist. So it is told apart from a refused token (401) and a missing
 * permission (403 FORBIDDEN), recorded for the health endpoint and the merchants' banner, and logged by name.
 */
export const IP_NOT_ALLOWED = "IP_NOT_ALLOWED";

export const IP_ALLOWLIST_REFUSED =
  "The platform refused the app's call from this server's address: it is not in the app's IP allowlist. " +
  "The app's operator must add it; reconnecting the app does not help";

/** The log line's text: what an operator searching the logs needs to read. */
export const IP_ALLOWLIST_LOG =
  "Admin API call refused by the app's IP allowlist: add this server's outbound address to the allowlist " +
  "(the app's settings in the platform's developer dashboard)";

/** A refusal stays an alert this long after the last refused call. */
export const IP_ALLOWLIST_ALERT_MS = 15 * 60_000;

const KIND = "ip_allowlist";
// How much of a refusal's body is read to classify it: the platform's error bodies are a line or two.
const MAX_BODY_BYTES = 4096;

export function ipNotAllowed() {
  return new PlatformApiError(502, IP_ALLOWLIST_REFUSED, [IP_NOT_ALLOWED]);
}

/**
 * Whether an HTTP 403 is the allowlist's. The platform documents the status and the cause, not the body's words,
 * so the body is asked only whether it speaks of the allowlist or of the source IP address; any other 403 stays a
 * missing permission.
 */
export async function refusedByIpAllowlist(error: HttpResponseError): Promise<boolean> {
  if (error.response.code !== 403) return false;
  return /allow-?list|\bIP address\b|\bsource (?:IP|address)\b/i.test(await refusalText(error.response.body));
}

/** The refusal's body as text: REST-shaped bodies are parsed already; the GraphQL client keeps the raw response. */
async function refusalText(body: unknown): Promise<string> {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (typeof errors === "string") return errors;
  const response = (errors as { response?: unknown } | undefined)?.response;
  if (!(response instanceof Object) || !("body" in response)) return "";
  const stream = (response as { body: ReadableStream<Uint8Array> | null }).body;
  if (!stream || stream.locked) return "";
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < MAX_BODY_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES).toString("utf8");
}

// Whether this process recorded a refusal that a later accepted call should clear.
let recordedHere = false;

/** Logs the refusal by name and records it where every process's health endpoint and banner read it. */
export async function noteIpAllowlistRefusal(log: Logger, now = new Date()) {
  log.error({ codes: [IP_NOT_ALLOWED] }, IP_ALLOWLIST_LOG);
  const row = await prisma.platformAccessRefusal.findUnique({ where: { kind: KIND } });
  // A refusal after a quiet spell starts a new episode.
  const fresh = !row || now.getTime() - row.lastAt.getTime() > IP_ALLOWLIST_ALERT_MS;
  await prisma.platformAccessRefusal.upsert({
    where: { kind: KIND },
    create: { kind: KIND, since: now, lastAt: now },
    update: { lastAt: now, ...(fresh ? { since: now } : {}) },
  });
  recordedHere = true;
}

/** An accepted call after this process saw a refusal: the allowlist was fixed, the alert ends at once. */
export async function noteAdminApiAccepted() {
  if (!recordedHere) return;
  recordedHere = false;
  await prisma.platformAccessRefusal.deleteMany({ where: { kind: KIND } });
}

export interface IpAllowlistAlert {
  since: string;
  lastRefusedAt: string;
}

/** The allowlist's refusal while it is recent: the app-wide operator alert. */
export async function ipAllowlistAlert(now = new Date()): Promise<IpAllowlistAlert | null> {
  const row = await prisma.platformAccessRefusal.findUnique({ where: { kind: KIND } });
  if (!row || now.getTime() - row.lastAt.getTime() > IP_ALLOWLIST_ALERT_MS) return null;
  return { since: row.since.toISOString(), lastRefusedAt: row.lastAt.toISOString() };
}
