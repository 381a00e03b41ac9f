import { logger } from "../logger.server";
import { deliveryAlertSummary } from "../services/deliveries/alerts.server";

/**
 * For monitoring: how many shops' deliveries are failing (a spike, or the automation platform refusing their
 * key), never which shops. 200 either way; `alerting` is the number to alarm on, and `ipAllowlistRefusal` (not
 * null) says the platform refuses this server's address: the app's IP allowlist needs it (docs/decisions/189).
 */
export async function loader() {
  try {
    return Response.json(await deliveryAlertSummary(), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "delivery health: query failed");
    return Response.json({ ok: false }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
