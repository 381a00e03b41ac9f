import { setImmediate as nextTurn } from "node:timers/promises";
import { logger } from "../../logger.server";
import { buryOutcome, deliver, settingsCache } from "./deliver.server";
import { claimDue, renewLeases } from "./queue.server";
import { onWake } from "./wake.server";
import { describe, resolve, type Resolved, type WorkerOptions } from "./worker-options.server";

/**
 * Claims what is due (up to `concurrency`) and sends it, all at once; returns how many it handled. The loop
 * (DeliveryWorker) does the same slot by slot; tests and the replay use this single pass.
 */
export async function runDeliveryPass(options: WorkerOptions = {}): Promise<number> {
  const config = resolve(options);
  const claim = await claimDue({
    owner: config.workerId,
    now: config.now(),
    limit: config.concurrency,
    leaseMs: config.leaseMs,
  });
  const settings = settingsCache();
  await Promise.all([
    ...claim.buried.map((delivery) => buryOutcome(delivery, config)),
    ...claim.deliveries.map((delivery) => deliver(delivery, config, settings)),
  ]);
  return claim.deliveries.length + claim.buried.length;
}

/**
 * The long-running loop: keeps up to `concurrency` deliveries in flight. Whenever a slot is free it claims only
 * as many due deliveries as there are free slots; a finished delivery frees its slot and wakes the loop at once,
 * so one slow trigger holds one slot and nothing else. Idle, it sleeps until the poll interval passes or a
 * wake-up comes (a stored webhook here or, on PostgreSQL, in any process).
 */
export class DeliveryWorker {
  private readonly config: Resolved;
  private running = false;
  private loop: Promise<void> | null = null;
  /**
   * Woken since the loop last looked, and the resolver of the sleep in progress. A plain flag and resolver: an
   * AbortController built a DOMException with a stack trace on every wake, one per webhook and per finished
   * delivery (docs/decisions/180).
   */
  private woken = false;
  private endSleep: (() => void) | null = null;
  /** Claim token -> deliveries of that claim still in flight; their leases are renewed. */
  private readonly inFlight = new Map<string, number>();
  private readonly tasks = new Set<Promise<void>>();
  private renewTimer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => Promise<void>) | null = null;

  constructor(options: WorkerOptions = {}) {
    this.config = resolve(options);
  }

  get id() {
    return this.config.workerId;
  }

  /** Deliveries being sent right now. */
  get busy() {
    return [...this.inFlight.values()].reduce((sum, count) => sum + count, 0);
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.unsubscribe = onWake(() => this.wake());
    const renewEvery = Math.max(50, Math.floor(this.config.leaseMs / 3));
    this.renewTimer = setInterval(() => void this.renew(), renewEvery);
    this.renewTimer.unref();
    this.loop = this.run();
  }

  /** Stops claiming, lets the deliveries in flight finish, then returns. */
  async stop() {
    this.running = false;
    this.wake();
    await this.loop;
    await Promise.all(this.tasks);
    if (this.renewTimer) clearInterval(this.renewTimer);
    await this.unsubscribe?.();
  }

  /** Something became due, or a slot came free: claim now rather than at the next poll. */
  wake() {
    this.woken = true;
    const endSleep = this.endSleep;
    if (endSleep) {
      this.endSleep = null;
      endSleep();
    }
  }

  private async renew() {
    const tokens = [...this.inFlight.keys()];
    if (!tokens.length) return;
    try {
      await renewLeases(tokens, new Date(this.config.now().getTime() + this.config.leaseMs));
    } catch (error) {
      logger.warn({ err: describe(error) }, "renewing the delivery leases failed");
    }
  }

  private async run() {
    while (this.running) {
      // Deliveries that finish together (their outcome writes share a commit and its answer) free their slots in
      // one turn of the event loop: one claim then takes them all, and the receivers' requests that arrived in
      // that turn are read first (docs/decisions/172).
      if (this.busy > 0) await nextTurn();
      this.woken = false;
      const free = this.config.concurrency - this.busy;
      let claimedAll = false;
      if (free > 0) {
        try {
          const claimed = await this.claim(free);
          claimedAll = claimed >= free;
        } catch (error) {
          logger.error({ err: describe(error) }, "delivery worker claim failed");
        }
      }
      // Every slot taken: more may be due, and a finished delivery wakes the loop. Fewer due than slots: idle.
      if (!this.running || (claimedAll && this.busy < this.config.concurrency)) continue;
      // Woken while claiming (a slot came free, a webhook arrived): no sleep at all.
      if (this.woken) continue;
      const woken = new Promise<void>((resolve) => (this.endSleep = resolve));
      await this.config.sleep(this.config.pollIntervalMs, woken);
      this.endSleep = null;
    }
  }

  private async claim(limit: number) {
    const claim = await claimDue({
      owner: this.config.workerId,
      now: this.config.now(),
      limit,
      leaseMs: this.config.leaseMs,
    });
    for (const delivery of claim.buried) this.track(buryOutcome(delivery, this.config));
    if (claim.deliveries.length) this.inFlight.set(claim.token, claim.deliveries.length);
    const settings = settingsCache();
    for (const delivery of claim.deliveries) {
      this.track(
        deliver(delivery, this.config, settings).finally(() => {
          const left = (this.inFlight.get(claim.token) ?? 1) - 1;
          if (left > 0) this.inFlight.set(claim.token, left);
          else this.inFlight.delete(claim.token);
          this.wake();
        }),
      );
    }
    return claim.deliveries.length;
  }

  private track(task: Promise<void>) {
    const tracked = task.catch((error: unknown) => logger.error({ err: describe(error) }, "delivery task failed"));
    this.tasks.add(tracked);
    void tracked.finally(() => this.tasks.delete(tracked));
  }
}
