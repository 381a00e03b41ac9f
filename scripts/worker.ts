/**
 * `npm run worker`: the delivery worker (and the jobs: periodic work and durable tasks) alone, so web and worker
 * processes scale separately. Run the web process with WORKER_INLINE=false then. Stops cleanly on SIGTERM/SIGINT: the
 * deliveries in flight finish; one cut off mid-way is picked up again when its lease runs out.
 */
import "dotenv/config";
import { startServices, stopServices } from "../app/bootstrap.server";
import { env } from "../app/env.server";
import { logger } from "../app/logger.server";

env();
startServices({ role: "worker", worker: { keepProcessAlive: true } });

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    logger.info({ signal }, "delivery worker stopping");
    void stopServices().then(() => process.exit(0));
  });
}
