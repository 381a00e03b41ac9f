import prisma from "../../db.server";
import { stalledParcelSummary } from "../journey/stalled-summary.server";
import { ipAllowlistAlert } from "../platform/ip-allowlist.server";

/**
 * When deliveries start failing (docs/decisions/113): the automation platform refusing the shop's API key, or a
 * spike of failures among the last hour's deliveries. One decision, read by the admin banner and by monitoring.
 */
export type DeliveryAlertKind = "key_refused" | "failure_spike" | "ip_not_allowed";

export const ALERT_WINDOW_MS = 60 * 60_000;
/** A spike: at least this many failing deliveries in the window... */
export const SPIKE_MIN_FAILING = 5;
/** ...and at least this share of the window's settled deliveries. */
export const SPIKE_MIN_SHARE = 0.5;

// How the client words a refused key (app/services/automation/client.server.ts).
const REFUSED = ["Automation platform answered HTTP 401%", "Automation platform answered HTTP 403%"];

export interface DeliveryAlert {
  kind: DeliveryAlertKind;
  failing: number;
  /** The failing ones by what became of them: each asks the merchant for something else (or nothing). */
  retrying: number;
  dead: number;
  flowFailed: number;
  settled: number;
  since: string;
}

export async function deliveryAlert(shop: string, now = new Date()): Promise<DeliveryAlert | null> {
  const since = new Date(now.getTime() - ALERT_WINDOW_MS);
  type Sums = "settled" | "retrying" | "dead" | "flowFailed" | "refused";
  const [row] = await prisma.$queryRaw<Record<Sums, bigint | number | null>[]>`
    SELECT
      SUM(CASE WHEN "status" IN ('delivered', 'retrying', 'dead', 'flow_failed') THEN 1 ELSE 0 END) AS settled,
      SUM(CASE WHEN "status" = 'retrying' THEN 1 ELSE 0 END) AS retrying,
      SUM(CASE WHEN "status" = 'dead' THEN 1 ELSE 0 END) AS dead,
      SUM(CASE WHEN "status" = 'flow_failed' THEN 1 ELSE 0 END) AS "flowFailed",
      SUM(CASE WHEN "status" IN ('retrying', 'dead') AND ("lastError" LIKE ${REFUSED[0]} OR "lastError" LIKE ${REFUSED[1]})
        THEN 1 ELSE 0 END) AS refused
    FROM "Delivery" WHERE "shop" = ${shop} AND "createdAt" >= ${since}`;
  const settled = Number(row?.settled ?? 0);
  const retrying = Number(row?.retrying ?? 0);
  const dead = Number(row?.dead ?? 0);
  const flowFailed = Number(row?.flowFailed ?? 0);
  const failing = retrying + dead + flowFailed;
  const refused = Number(row?.refused ?? 0);
  const base = { failing, retrying, dead, flowFailed, settled, since: since.toISOString() };
  // The platform refusing the app's server (its IP allowlist) comes first: it is the app's, every shop has it, and
  // only the app's operator can end it (docs/decisions/189).
  if (await ipAllowlistAlert(now)) return { kind: "ip_not_allowed", ...base };
  if (refused > 0) return { kind: "key_refused", ...base };
  if (failing >= SPIKE_MIN_FAILING && failing / Math.max(1, settled) >= SPIKE_MIN_SHARE) {
    return { kind: "failure_spike", ...base };
  }
  return null;
}

let cached: { at: number; value: Awaited<ReturnType<typeof computeSummary>> } | null = null;

async function computeSummary(now: Date) {
  const shops = await prisma.shopConfiguration.findMany({ select: { shop: true } });
  const counts: Record<DeliveryAlertKind, number> = { key_refused: 0, failure_spike: 0, ip_not_allowed: 0 };
  for (const { shop } of shops) {
    const alert = await deliveryAlert(shop, now);
    if (alert) counts[alert.kind] += 1;
  }
  const alerting = counts.key_refused + counts.failure_spike + counts.ip_not_allowed;
  // Parcels the carriers hold up are reported beside the alerts, not in `alerting`: nothing of the app's is failing
  // (docs/decisions/329).
  const stalled = await stalledParcelSummary(
    shops.map(({ shop }) => shop),
    now,
  );
  // The app's own alert, with or without shops: for the app's operator (docs/decisions/189).
  return {
    shops: shops.length,
    alerting,
    ...counts,
    ipAllowlistRefusal: await ipAllowlistAlert(now),
    stalledParcels: stalled,
  };
}

/** Across shops, for monitoring: how many shops are in each alert, never which. Cached 30 seconds. */
export async function deliveryAlertSummary(now = new Date()) {
  if (!cached || now.getTime() - cached.at > 30_000) cached = { at: now.getTime(), value: await computeSummary(now) };
  return { ...cached.value, checkedAt: new Date(cached.at).toISOString() };
}

export function clearAlertSummaryCache() {
  cached = null;
}
