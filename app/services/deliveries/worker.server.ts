import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { Delivery } from "@prisma/client";
import prisma from "../../db.server";
import { env } from "../../env.server";
import { describeDeliveryError, type DeliveryError } from "../../lib/delivery-errors";
import { logger, type Logger } from "../../logger.server";
import { triggerFlow, type TriggerResult } from "../automation/client.server";
import type { GraphqlOptions } from "../platform/graphql.server";
import { getShopSettings, type ShopSettings } from "../shops/configuration.server";
import { oweErrorTag } from "./error-tag.server";
import { cancelCheckouts } from "./outbox.server";
import { buildCheckoutPayload, buildDraftOrderPayload, buildOrderPayload } from "./payloads.server";
import { claimDue, completeDelivery, failDelivery, renewLeases, skipDelivery } from "./queue.server";
import { nextRetryDelay } from "./retry-policy.server";
import { routeDelivery } from "./routing.server";
import { screenOrder } from "./screening.server";
import type { DeliveryTopic } from "./status.server";
import { onWake } from "./wake.server";

export { wakeWorkers as wakeWorker } from "./wake.server";

export interface WorkerOptions {
  /** Names this process in leases; unique per process. */
  workerId?: string;
  now?: () => Date;
  /** Waits while idle; resolves early when `woken` resolves. */
  sleep?: (ms: number, woken: Promise<void>) => Promise<void>;
  pollIntervalMs?: number;
  /**
   * How long a claim holds unless renewed. Renewed every leaseMs / 3 while the call runs, so a live worker never
   * loses it and a dead worker's deliveries go out again within this time.
   */
  leaseMs?: number;
  /** Deliveries in flight at once: a freed slot is refilled at once, and no more is claimed than slots can send. */
  concurrency?: number;
  random?: () => number;
  /** Passed to the platform GraphQL client (its own throttle waits). */
  graphql?: GraphqlOptions;
  /**
   * Whether the idle wait holds the process open. The standalone worker (`npm run worker`) must; inside the
   * web process it must not, or the server could never exit on SIGTERM.
   */
  keepProcessAlive?: boolean;
}

type Resolved = Required<Omit<WorkerOptions, "graphql">> & { graphql: GraphqlOptions };

// Twice the trigger's 15 s timeout; renewed while a call runs (docs/decisions/083-small-in-flight-window.md).
export const DEFAULT_LEASE_MS = 30_000;
export const DEFAULT_CONCURRENCY = 16;
const ATTEMPT_LOG_LIMIT = 50;

function resolve(options: WorkerOptions): Resolved {
  return {
    workerId: options.workerId ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`,
    now: options.now ?? (() => new Date()),
    sleep: options.sleep ?? ((ms, woken) => idleSleep(ms, woken, options.keepProcessAlive ?? false)),
    pollIntervalMs: options.pollIntervalMs ?? env().WORKER_POLL_INTERVAL_MS,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    concurrency: options.concurrency ?? DEFAULT_CONCURRENCY,
    random: options.random ?? Math.random,
    graphql: options.graphql ?? {},
    keepProcessAlive: options.keepProcessAlive ?? false,
  };
}

type SettingsOf = (shop: string) => Promise<ShopSettings | null>;

/** One configuration read per shop per claim: a busy shop's deliveries share it. */
function settingsCache(): SettingsOf {
  const settings = new Map<string, Promise<ShopSettings | null>>();
  return (shop) => {
    let pending = settings.get(shop);
    if (!pending) settings.set(shop, (pending = getShopSettings(shop)));
    return pending;
  };
}

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
  const settingsOf = settingsCache();
  await Promise.all([
    ...claim.buried.map((delivery) => buryOutcome(delivery, config)),
    ...claim.deliveries.map((delivery) => deliver(delivery, config, settingsOf)),
  ]);
  return claim.deliveries.length + claim.buried.length;
}

async function buryOutcome(delivery: Delivery, config: Resolved) {
  const log = logger.child({ shop: delivery.shop, topic: delivery.topic, deliveryId: delivery.id });
  log.error({ attempts: delivery.attempts }, "delivery dead: its worker never finished it");
  await oweErrorTag(delivery, { now: config.now, graphql: config.graphql });
}

/** Gathers what the routing needs to know, then sends or skips one claimed delivery and records the outcome. */
async function deliver(delivery: Delivery, config: Resolved, settingsOf: SettingsOf) {
  const log = lazyLog(delivery);
  let flowId: string | null = delivery.flowId;
  let result: TriggerResult;
  try {
    if (delivery.topic === "orders/create") await cancelAbandonedCheckouts(delivery, config, log);
    const topic = delivery.topic as DeliveryTopic;
    const isCheckout = topic === "checkouts/create" && delivery.payload != null;
    const checkout = isCheckout ? buildCheckoutPayload(JSON.parse(delivery.payload!), { shop: delivery.shop }) : null;
    const route = routeDelivery({
      topic,
      settings: await settingsOf(delivery.shop),
      payloadKept: delivery.payload != null,
      checkoutConverted: isCheckout ? await orderPlacedFor(delivery) : undefined,
      checkoutHasContact: checkout ? Boolean(checkout.email || checkout.phone) : undefined,
    });
    if (!route.send) {
      await skipDelivery(delivery, { code: route.reason }, config.now());
      log().info({ reason: route.reason }, "delivery skipped");
      return;
    }
    flowId = route.flowId;
    let payload: object = checkout ?? buildPayload(delivery, route.apiKey);
    if (topic === "orders/create") {
      const context = { settings: await settingsOf(delivery.shop), now: config.now(), graphql: config.graphql, log };
      const screened = await screenOrder(delivery, payload, context);
      if (!screened.send) return;
      payload = screened.payload;
    }
    // The delivery id travels as the idempotency key: a receiver that honours it drops the repeat a crash
    // between its answer and our status write would cause (docs/decisions/084-trigger-idempotency-key.md).
    result = await triggerFlow(route.apiKey, route.flowId, payload, { idempotencyKey: idempotencyKeyOf(delivery) });
  } catch (error) {
    // Failed before anything was sent (database, a bug): retried on the schedule like a network error.
    log().error({ err: describe(error) }, "delivery failed before the trigger");
    const failure: DeliveryError = { code: "preparation_failed" };
    result = {
      ok: false,
      retryable: true,
      httpStatus: null,
      error: describeDeliveryError(failure),
      failure,
      retryAfterMs: null,
      durationMs: 0,
    };
  }
  await recordOutcome(() => settle(delivery, config, flowId, result, log), config, log, result.ok);
}

/** A delivery's child logger, made on first use: most deliveries log nothing at the usual level (decision 172). */
type LazyLog = () => Logger;

function lazyLog(delivery: Delivery): LazyLog {
  let child: Logger | null = null;
  return () => (child ??= logger.child({ shop: delivery.shop, topic: delivery.topic, deliveryId: delivery.id }));
}

// Well inside the lease: a write that keeps failing for this long leaves the job to the next claim.
const OUTCOME_WRITE_RETRIES_MS = [100, 1_000, 5_000];

/**
 * Writes the outcome, retrying a failed write (a locked or briefly unreachable database) a few times: once the
 * flow was triggered, an unrecorded success means the lease runs out and the buyer gets the message twice.
 */
async function recordOutcome(write: () => Promise<void>, config: Resolved, log: LazyLog, sent: boolean) {
  for (let retry = 0; ; retry++) {
    try {
      return await write();
    } catch (error) {
      if (retry >= OUTCOME_WRITE_RETRIES_MS.length) {
        // The lease runs out and another claim takes the job again.
        log().error({ err: describe(error), sent }, "could not record the delivery's outcome");
        return;
      }
      log().warn({ err: describe(error), sent, retry: retry + 1 }, "recording the delivery's outcome failed; retrying");
      await config.sleep(OUTCOME_WRITE_RETRIES_MS[retry], new Promise<void>(() => {}));
    }
  }
}

function describe(error: unknown) {
  return error instanceof Error ? { message: error.message, stack: error.stack } : String(error);
}

function buildPayload(delivery: Delivery, apiKey: string) {
  const body: unknown = JSON.parse(delivery.payload ?? "{}");
  if (delivery.topic === "orders/create") {
    return buildOrderPayload(body, {
      shop: delivery.shop,
      callbackUrl: `${env().PLATFORM_APP_URL}/api/automation/callback`,
      callbackApiKey: apiKey,
    });
  }
  return buildDraftOrderPayload(body, { shop: delivery.shop });
}

async function orderPlacedFor(delivery: Delivery) {
  for (const token of tokenMatch(delivery)) {
    const order = await prisma.delivery.findFirst({
      where: { shop: delivery.shop, topic: "orders/create", ...token },
      select: { id: true },
    });
    if (order) return true;
  }
  return false;
}

/** One condition per token, each served by its (shop, token) index; an OR of both would scan the table. */
function tokenMatch(delivery: Pick<Delivery, "checkoutToken" | "cartToken">) {
  return [
    ...(delivery.checkoutToken ? [{ checkoutToken: delivery.checkoutToken }] : []),
    ...(delivery.cartToken ? [{ cartToken: delivery.cartToken }] : []),
  ];
}

/**
 * An order ends its checkout's wait: the abandoned-cart trigger is cancelled here, off the receiver's
 * path. The checkout's own delivery checks again before it goes out, whichever webhook came first.
 */
async function cancelAbandonedCheckouts(order: Delivery, config: Resolved, log: LazyLog) {
  const cancelled = await cancelCheckouts(order.shop, order, { code: "checkout_converted" }, config.now());
  if (cancelled) log().info({ cancelled }, "abandoned-checkout trigger cancelled by the order");
}

function appendAttempt(delivery: Delivery, entry: Record<string, unknown>) {
  const log = JSON.parse(delivery.attemptLog) as unknown[];
  return JSON.stringify([...log, entry].slice(-ATTEMPT_LOG_LIMIT));
}

async function settle(
  delivery: Delivery,
  config: Resolved,
  flowId: string | null,
  result: TriggerResult,
  log: LazyLog,
) {
  const now = config.now();
  const attemptLog = appendAttempt(delivery, {
    at: now.toISOString(),
    outcome: result.ok ? "delivered" : result.retryable ? "retryable" : "refused",
    httpStatus: result.httpStatus,
    error: result.ok ? null : result.error,
    ...(result.ok ? {} : { code: result.failure.code, params: result.failure.params ?? {} }),
    durationMs: result.durationMs,
  });

  if (result.ok) {
    // The flow may have called back (with a failure) before its trigger's answer reached us: the same statement
    // records that as flow_failed.
    const settled = await completeDelivery(delivery, { flowId, attemptLog }, now);
    if (!settled) log().warn("delivered after the lease ran out; another worker may deliver it again");
    else if (logger.isLevelEnabled("info")) {
      log().info({ attempts: delivery.attempts, durationMs: result.durationMs }, "delivered");
    }
    return;
  }

  const delay = result.retryable ? nextRetryDelay(delivery.attempts, result.retryAfterMs, config.random) : null;
  if (delay != null) {
    const nextAttemptAt = new Date(now.getTime() + delay);
    await failDelivery(delivery, { flowId, attemptLog, error: result.failure, nextAttemptAt }, now);
    log().warn({ attempts: delivery.attempts, retryInMs: delay, error: result.error }, "delivery failed; will retry");
    return;
  }

  const reason: DeliveryError = result.retryable
    ? { ...result.failure, params: { ...result.failure.params, gaveUpAfter: delivery.attempts } }
    : result.failure;
  const settled = await failDelivery(delivery, { flowId, attemptLog, error: reason, nextAttemptAt: null }, now);
  log().error({ attempts: delivery.attempts, error: result.error }, "delivery dead");
  if (settled) await oweErrorTag(delivery, { now: config.now, graphql: config.graphql });
}

/** Waits `ms`, or less when woken. */
function idleSleep(ms: number, woken: Promise<void>, keepProcessAlive: boolean) {
  return new Promise<void>((done) => {
    const timer = setTimeout(done, ms);
    if (!keepProcessAlive) timer.unref();
    void woken.then(() => {
      clearTimeout(timer);
      done();
    });
  });
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
    const settingsOf = settingsCache();
    for (const delivery of claim.deliveries) {
      this.track(
        deliver(delivery, this.config, settingsOf).finally(() => {
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

/**
 * The trigger's idempotency key: the delivery id, the same for every automatic attempt and takeover, with the
 * merchant's replays counted in, so a replay the merchant asked for is a new send and a crash's repeat is not.
 */
export function idempotencyKeyOf(delivery: Pick<Delivery, "id" | "replays">) {
  return delivery.replays ? `${delivery.id}:replay-${delivery.replays}` : delivery.id;
}
