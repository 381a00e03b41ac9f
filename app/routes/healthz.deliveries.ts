import { logger } from "../logger.server";
import { deliveryAlertSummary } from "../services/deliveries/alerts.server";
import { countRecoveredEverywhere } from "../services/orders/sweep.server";

/** Orders the reconciliation sweep queued in the last 24 hours, fleet-wide: webhooks the platform never delivered. */
function recoveredLastDay() {
  return countRecoveredEverywhere(new Date(Date.now() - 86_400_000));
}

/**
 * For monitoring: how many shops' deliveries are failing (a spike, or the automation platform refusing their
 * key), never which shops, and how many orders the reconciliation sweep recovered in the last day (docs/decisions/221).
 * 200 either way; `alerting` is the number to alarm on, and `ipAllowlistRefusal` (not null) says the platform
 * refuses this server's address: the app's IP allowlist needs it (docs/decisions/189). `stalledParcels` counts the
 * parcels standing still longer than their carrier usually takes, and since when the oldest (docs/decisions/329).
 */
export async function loader() {
  try {
    const [summary, recoveredBySweep] = await Promise.all([deliveryAlertSummary(), recoveredLastDay()]);
    return Response.json({ ...summary, recoveredBySweep }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "delivery health: query failed");
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
