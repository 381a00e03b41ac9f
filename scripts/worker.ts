/**
 * `npm run worker`: the delivery worker alone, so web and worker processes scale separately. Run the
 * web process with WORKER_INLINE=false then. Stops cleanly on SIGTERM/SIGINT: the pass in flight
 * finishes; a delivery cut off mid-way is picked up again when its lease runs out.
 */
import "dotenv/config";
import { env } from "../app/env.server";
import { logger } from "../app/logger.server";
import { startDeliveryWorker, stopDeliveryWorker } from "../app/services/deliveries/worker.server";

env();
startDeliveryWorker({ keepProcessAlive: true });

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "delivery worker stopping");
    void stopDeliveryWorker().then(() => process.exit(0));
  });
}
