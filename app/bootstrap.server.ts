import { randomUUID } from "node:crypto";
import { env } from "./env.server";
import { logger } from "./logger.server";
import { DeliveryWorker } from "./services/deliveries/worker.server";
import type { WorkerOptions } from "./services/deliveries/worker-options.server";
import { jobQueue } from "./services/jobs/queue.server";
import type { JobQueue } from "./services/jobs/types";
import { installPlatformTransport } from "./services/platform/transport.server";

/**
 * The one place that starts what runs in the background: the delivery worker and the jobs (every periodic job
 * and durable task, app/services/jobs/registry.server.ts); it also gives the platform library its keep-alive
 * transport (docs/decisions/175). Called by the process that owns the server or the worker
 * (server/app-server.ts, scripts/worker.ts, the first request in development), never by importing a module
 * (docs/decisions/080-delivery-worker-modules.md).
 */

export interface Services {
  worker: DeliveryWorker | null;
  jobs: JobQueue;
  stop: () => Promise<void>;
}

export interface ServicesOptions {
  /** "web": the worker runs inline unless WORKER_INLINE=false; "worker": the worker always runs. */
  role: "web" | "worker";
  worker?: WorkerOptions;
}

declare global {
  var connectorServices: Services | undefined;
}

/** Starts this process's background services once (idempotent; survives Vite's module reloads in development). */
export function startServices(options: ServicesOptions = { role: "web" }): Services | null {
  if (global.connectorServices) return global.connectorServices;
  if (env().NODE_ENV === "test") return null;
  installPlatformTransport();
  const holder = `${options.role}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const runWorker = options.role === "worker" || env().WORKER_INLINE;
  const worker = runWorker ? new DeliveryWorker({ workerId: holder, ...options.worker }) : null;
  const jobs = jobQueue();
  worker?.start();
  jobs
    .start()
    // Owed rows with no job (owed before tasks were jobs, or the process died between the row and its job).
    .then(async () => {
      await (await import("./services/holds/tasks.server")).addOwedFulfilmentTaskJobs();
      await (await import("./services/deliveries/owed-tags.server")).addOwedTagJobs();
      await (await import("./services/journey/follow.server")).addOwedJourneyStepJobs();
      await (await import("./services/flow/send-trigger.server")).addOwedTriggerJobs();
    })
    .catch((error) =>
      logger.error({ err: error instanceof Error ? error.message : String(error) }, "jobs did not start"),
    );
  logger.info({ role: options.role, workerId: worker?.id ?? null }, "background services started");
  const services: Services = {
    worker,
    jobs,
    async stop() {
      if (global.connectorServices === services) global.connectorServices = undefined;
      await Promise.all([worker?.stop(), jobs.stop()]);
    },
  };
  global.connectorServices = services;
  return services;
}

export async function stopServices() {
  await global.connectorServices?.stop();
}
