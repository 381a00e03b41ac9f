import prisma from "../../db.server";
import { env } from "../../env.server";
import { OPEN_ORDER } from "./poll-plan.server";
import { pollIntervalMs, QUIET_MARGIN_MS } from "./poll-schedule";

/**
 * What the supplier settings card says about polling (docs/decisions/328), from the figures the planner uses: the
 * shop's open orders over the token's calls an hour. Shops sharing a token share its calls, so theirs is longer.
 */
export async function pollingReach(shop: string) {
  const perMinute = env().SUPPLIER_POLL_PER_MINUTE;
  const openOrders = await prisma.supplierOrder.count({ where: { shop, ...OPEN_ORDER } });
  return {
    openOrders,
    callsPerHour: perMinute * 60,
    // Every order that looks late is asked at least this often: how long a lost status can stay lost.
    intervalMinutes: Math.ceil(pollIntervalMs(openOrders, perMinute) / 60_000),
    marginHours: QUIET_MARGIN_MS / 3_600_000,
  };
}
