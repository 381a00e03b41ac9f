import { randomUUID } from "node:crypto";
import { env } from "./env.server";
import { Scheduler, type PeriodicJob } from "./lib/scheduler.server";
import { logger } from "./logger.server";
import { runDueOwedTags } from "./services/deliveries/owed-tags.server";
import { foldInsightCountChanges } from "./services/deliveries/insight-counts.server";
import { runDueFulfilmentTasks } from "./services/holds/tasks.server";
import { startFulfilmentTaskWakeups } from "./services/holds/wake.server";
import { applyNoAnswerTimeouts } from "./services/holds/timeouts.server";
import { purgeExpiredPayloads } from "./services/deliveries/retention.server";
import { purgeJourneyPhones } from "./services/journey/privacy.server";
import { DeliveryWorker } from "./services/deliveries/worker.server";
import type { WorkerOptions } from "./services/deliveries/worker-options.server";
import { finishUnattendedLoopTests } from "./services/loop-test/loop-test.server";
import { purgeOldFingerprints } from "./services/orders/duplicates.server";
import { fingerprintBacklogs } from "./services/orders/fingerprint-backlog.server";
import { SWEEP_EVERY_MS as ORDER_SWEEP_EVERY_MS, sweepAllShops } from "./services/orders/sweep.server";
import { installPlatformTransport } from "./services/platform/transport.server";
import { purgeStockHistory } from "./services/stock/records.server";
import { runScheduledStockSyncs, SCHEDULE_CHECK_EVERY_MS } from "./services/stock/schedule.server";
import { SWEEP_EVERY_MS, sweepTemporaryThemeFiles } from "./services/theme/temporary-files.server";

/**
 * The one place that starts what runs in the background: the delivery worker and the scheduler of periodic
 * jobs; it also gives the platform library its keep-alive transport (docs/decisions/175). Called by the process
 * that owns the server or the worker (server/app-server.ts, scripts/worker.ts, the first request in development),
 * never by importing a module (docs/decisions/080-delivery-worker-modules.md).
 */

export const PERIODIC_JOBS: PeriodicJob[] = [
  {
    name: "retention-purge",
    everyMs: 3_600_000,
    run: async (now) => (await purgeExpiredPayloads(now)) + (await purgeJourneyPhones(now)),
  },
  { name: "temporary-theme-files", everyMs: SWEEP_EVERY_MS, run: (now) => sweepTemporaryThemeFiles(now) },
  // The owed tags have their own due times; this only looks for them once a minute, fleet-wide.
  { name: "error-tags", everyMs: 60_000, run: (now) => runDueOwedTags({ now: () => now }) },
  // A loop test whose page was closed still ends, and its test order is still removed (docs/decisions/150).
  { name: "unattended-loop-tests", everyMs: 60_000, run: (now) => finishUnattendedLoopTests(now) },
  // Each shop with stock sync on is synced hourly; the check runs once per period across the fleet.
  { name: "stock-sync", everyMs: SCHEDULE_CHECK_EVERY_MS, run: (now) => runScheduledStockSyncs(now) },
  { name: "stock-history-purge", everyMs: 86_400_000, run: (now) => purgeStockHistory(now) },
  // Orders whose webhook never came, listed from the platform and queued (docs/decisions/221).
  { name: "order-sweep", everyMs: ORDER_SWEEP_EVERY_MS, run: (now) => sweepAllShops(now) },
  // Duplicate hints compare within at most a week (docs/decisions/223).
  { name: "order-fingerprints", everyMs: 3_600_000, run: (now) => purgeOldFingerprints(now) },
  // The window's orders no check fingerprinted (a backlog when hints are turned on), in batches (decision 288).
  { name: "order-fingerprint-backlog", everyMs: 60_000, run: (now) => fingerprintBacklogs(now) },
  // Reads add the changes not folded yet: folding keeps them cheap, never changes a figure (docs/decisions/201).
  { name: "insight-counts", everyMs: 60_000, run: () => foldInsightCountChanges() },
  // Holds, releases and cancels owed the platform (docs/decisions/212), and the no-answer timeouts that owe them.
  { name: "fulfilment-tasks", everyMs: 10_000, run: (now) => runDueFulfilmentTasks({ now: () => now }) },
  { name: "no-answer-timeouts", everyMs: 60_000, run: (now) => applyNoAnswerTimeouts(now) },
];

export interface Services {
  worker: DeliveryWorker | null;
  scheduler: Scheduler;
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
  // The fulfilment tasks also run when one is owed in this process (a hold is wanted at once), one pass at a time
  // with the periodic job, which covers tasks owed in other processes and retries.
  const fulfilmentTasks = startFulfilmentTaskWakeups(() => runDueFulfilmentTasks());
  const jobs = PERIODIC_JOBS.map((job) =>
    job.name === "fulfilment-tasks" ? { ...job, run: () => fulfilmentTasks.run() } : job,
  );
  const scheduler = new Scheduler(jobs, { holder });
  worker?.start();
  scheduler.start();
  logger.info({ role: options.role, workerId: worker?.id ?? null }, "background services started");
  const services: Services = {
    worker,
    scheduler,
    async stop() {
      if (global.connectorServices === services) global.connectorServices = undefined;
      await Promise.all([worker?.stop(), scheduler.stop(), fulfilmentTasks.stop()]);
    },
  };
  global.connectorServices = services;
  return services;
}

export async function stopServices() {
  await global.connectorServices?.stop();
}
