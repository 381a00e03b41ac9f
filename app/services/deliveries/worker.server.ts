import { randomUUID } from "node:crypto";
import type { Delivery } from "@prisma/client";
import prisma from "../../db.server";
import { env } from "../../env.server";
import { logger, type Logger } from "../../logger.server";
import { triggerFlow, type TriggerResult } from "../automation/client.server";
import { addOrderTags } from "../automation/order-tags.server";
import { getOfflineSession, type GraphqlOptions } from "../platform/graphql.server";
import { getShopSettings, type ShopSettings } from "../shops/configuration.server";
import { buildCheckoutPayload, buildDraftOrderPayload, buildOrderPayload } from "./payloads.server";
import { purgeExpiredPayloads } from "./retention.server";
import { addAppliedTags, cancelCheckouts, claimDeliveries, settleLeased } from "./outbox.server";
import { notPausedCondition } from "./pause.server";
import { ERROR_TAG_RETRY_DELAYS_MS, MAX_ATTEMPTS, nextRetryDelay } from "./retry-policy.server";
import { AUTOMATION_ERROR_TAG, type DeliveryTopic } from "./status.server";

export interface WorkerOptions {
  /** Names this process in leases; unique per process. */
  workerId?: string;
  now?: () => Date;
  /** Waits while idle; resolves early when `wake` aborts. */
  sleep?: (ms: number, wake: AbortSignal) => Promise<void>;
  pollIntervalMs?: number;
  /** How long a claim holds; a worker that dies leaves its jobs to others once this runs out. */
  leaseMs?: number;
  /** Deliveries claimed and sent concurrently per pass. */
  batchSize?: number;
  random?: () => number;
  /** Passed to the platform GraphQL client (its own throttle waits). */
  graphql?: GraphqlOptions;
  purgeIntervalMs?: number;
  /**
   * Whether the idle wait holds the process open. The standalone worker (`npm run worker`) must; inside the
   * web process it must not, or the server could never exit on SIGTERM.
   */
  keepProcessAlive?: boolean;
}

type Resolved = Required<Omit<WorkerOptions, "graphql">> & { graphql: GraphqlOptions };

// Longer than a trigger's timeout plus tagging a dead order: a live worker never loses its lease.
const DEFAULT_LEASE_MS = 120_000;
const ATTEMPT_LOG_LIMIT = 50;
const CHECKOUT_CONVERTED = "An order was placed for this checkout";

function resolve(options: WorkerOptions): Resolved {
  return {
    workerId: options.workerId ?? `worker-${process.pid}-${randomUUID().slice(0, 8)}`,
    now: options.now ?? (() => new Date()),
    sleep: options.sleep ?? ((ms, wake) => idleSleep(ms, wake, options.keepProcessAlive ?? false)),
    pollIntervalMs: options.pollIntervalMs ?? env().WORKER_POLL_INTERVAL_MS,
    leaseMs: options.leaseMs ?? DEFAULT_LEASE_MS,
    batchSize: options.batchSize ?? 20,
    random: options.random ?? Math.random,
    graphql: options.graphql ?? {},
    purgeIntervalMs: options.purgeIntervalMs ?? 3_600_000,
    keepProcessAlive: options.keepProcessAlive ?? false,
  };
}

/**
 * Claims the deliveries that are due (queued or retrying with nextAttemptAt passed, or delivering with
 * an expired lease) and sends them. The claim is one conditional UPDATE that only takes rows still due,
 * marked with a token unique to this pass, so two workers (or processes sharing one PostgreSQL later)
 * never both own a delivery. Then the error tags dead deliveries still owe their orders. Returns how many
 * deliveries this pass handled.
 */
export async function runDeliveryPass(options: WorkerOptions = {}): Promise<number> {
  const config = resolve(options);
  const claimed = await claimDue(config);
  // One configuration read per shop per pass: a busy shop's batch shares it.
  const settings = new Map<string, Promise<ShopSettings | null>>();
  const settingsOf = (shop: string) => {
    let pending = settings.get(shop);
    if (!pending) settings.set(shop, (pending = getShopSettings(shop)));
    return pending;
  };
  await Promise.all(claimed.map((delivery) => deliver(delivery, config, settingsOf)));
  return claimed.length + (await retryOwedErrorTags(config));
}

async function claimDue(config: Resolved): Promise<Delivery[]> {
  const now = config.now();
  // Paused shops' deliveries stay where they are (docs/decisions/112).
  const notPaused = await notPausedCondition();
  const due = {
    OR: [
      { status: { in: ["queued", "retrying"] }, nextAttemptAt: { lte: now }, ...notPaused },
      { status: "delivering", leaseExpiresAt: { lt: now }, ...notPaused },
    ],
  };
  // Two reads, each served by its own index ((status, nextAttemptAt) and (status, leaseExpiresAt)): the
  // table keeps every finished delivery for weeks, and an OR across both would scan it on every pass.
  const select = { id: true, status: true, leaseExpiresAt: true, attempts: true } as const;
  const expired = await prisma.delivery.findMany({
    where: due.OR[1],
    orderBy: { leaseExpiresAt: "asc" },
    take: config.batchSize,
    select,
  });
  const waiting = await prisma.delivery.findMany({
    where: due.OR[0],
    orderBy: { nextAttemptAt: "asc" },
    take: config.batchSize - expired.length,
    select,
  });
  const candidates = [...expired, ...waiting];
  if (!candidates.length) return [];

  const abandoned = candidates.filter((row) => row.status === "delivering" && row.attempts >= MAX_ATTEMPTS);
  for (const row of abandoned) await buryAbandoned(row.id, row.leaseExpiresAt, config);
  const ids = candidates.filter((row) => !abandoned.includes(row)).map((row) => row.id);
  if (!ids.length) return [];

  // One conditional UPDATE for the batch: a row another worker claimed meanwhile no longer matches.
  // The claim token then tells which rows this pass won.
  const claim = `${config.workerId}:${randomUUID()}`;
  const won = await claimDeliveries(ids, claim, now, new Date(now.getTime() + config.leaseMs));
  if (!won) return [];
  return prisma.delivery.findMany({ where: { id: { in: ids }, leaseOwner: claim } });
}

/**
 * A delivery whose worker vanished on its last allowed attempt (a payload that crashes the process every
 * time, say) is dead rather than retried forever.
 */
async function buryAbandoned(id: string, leaseExpiresAt: Date | null, config: Resolved) {
  const reason = `The worker stopped during each of ${MAX_ATTEMPTS} attempts`;
  const { count } = await prisma.delivery.updateMany({
    where: { id, status: "delivering", leaseExpiresAt },
    data: { status: "dead", lastError: reason, leaseOwner: null, leaseExpiresAt: null },
  });
  if (count === 0) return;
  const delivery = await prisma.delivery.findUniqueOrThrow({ where: { id } });
  const log = logger.child({ shop: delivery.shop, topic: delivery.topic, deliveryId: id });
  log.error({ attempts: delivery.attempts }, "delivery dead: its worker never finished it");
  await tagDeadOrder(delivery, config, reason, log);
}

type Route = { flowId: string; apiKey: string } | { skip: string };

function route(topic: DeliveryTopic, settings: ShopSettings | null): Route {
  const apiKey = settings?.automationApiKey;
  if (topic === "orders/create") {
    if (!apiKey) return { skip: "No automation API key is configured" };
    if (!settings?.newOrderFlowId) return { skip: "No new-order flow is configured" };
    return { apiKey, flowId: settings.newOrderFlowId };
  }
  if (!settings?.abandonedCartFlowId) return { skip: "No abandoned-cart flow is configured" };
  if (!apiKey) return { skip: "No automation API key is configured" };
  return { apiKey, flowId: settings.abandonedCartFlowId };
}

async function deliver(
  delivery: Delivery,
  config: Resolved,
  settingsOf: (shop: string) => Promise<ShopSettings | null>,
) {
  const log = logger.child({ shop: delivery.shop, topic: delivery.topic, deliveryId: delivery.id });
  let flowId: string | null = delivery.flowId;
  let result: TriggerResult;
  try {
    if (delivery.topic === "orders/create") await cancelAbandonedCheckouts(delivery, config, log);
    const settings = await settingsOf(delivery.shop);
    const target = route(delivery.topic as DeliveryTopic, settings);
    if ("skip" in target) return await skip(delivery, config, target.skip, log);
    if (!delivery.payload) {
      return await skip(delivery, config, "The order data was erased before it could be delivered", log);
    }
    if (delivery.topic === "checkouts/create" && (await orderPlacedFor(delivery))) {
      return await skip(delivery, config, CHECKOUT_CONVERTED, log);
    }
    const payload = buildPayload(delivery, target.apiKey);
    if (delivery.topic === "checkouts/create" && !hasContact(payload)) {
      return await skip(delivery, config, "The checkout has no phone or email to follow up", log);
    }
    flowId = target.flowId;
    result = await triggerFlow(target.apiKey, target.flowId, payload);
  } catch (error) {
    // Failed before anything was sent (database, a bug): retried on the schedule like a network error.
    log.error({ err: describe(error) }, "delivery failed before the trigger");
    result = {
      ok: false,
      retryable: true,
      httpStatus: null,
      error: "Internal error while preparing the delivery",
      retryAfterMs: null,
      durationMs: 0,
    };
  }
  await recordOutcome(() => settle(delivery, config, flowId, result, log), config, log, result.ok);
}

// Well inside the lease: a write that keeps failing for this long leaves the job to the next claim.
const OUTCOME_WRITE_RETRIES_MS = [100, 1_000, 5_000];

/**
 * Writes the outcome, retrying a failed write (a locked or briefly unreachable database) a few times: once the
 * flow was triggered, an unrecorded success means the lease runs out and the buyer gets the message twice.
 */
async function recordOutcome(write: () => Promise<void>, config: Resolved, log: Logger, sent: boolean) {
  for (let retry = 0; ; retry++) {
    try {
      return await write();
    } catch (error) {
      if (retry >= OUTCOME_WRITE_RETRIES_MS.length) {
        // The lease runs out and another pass takes the job again.
        log.error({ err: describe(error), sent }, "could not record the delivery's outcome");
        return;
      }
      log.warn({ err: describe(error), sent, retry: retry + 1 }, "recording the delivery's outcome failed; retrying");
      await config.sleep(OUTCOME_WRITE_RETRIES_MS[retry], new AbortController().signal);
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
  if (delivery.topic === "draft_orders/create") return buildDraftOrderPayload(body, { shop: delivery.shop });
  return buildCheckoutPayload(body, { shop: delivery.shop });
}

function hasContact(payload: unknown) {
  const checkout = payload as { email: string | null; phone: string | null };
  return Boolean(checkout.email || checkout.phone);
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
async function cancelAbandonedCheckouts(order: Delivery, config: Resolved, log: Logger) {
  let cancelled = 0;
  for (const token of tokenMatch(order)) {
    cancelled += await cancelCheckouts(order.shop, token, CHECKOUT_CONVERTED, config.now());
  }
  if (cancelled) log.info({ cancelled }, "abandoned-checkout trigger cancelled by the order");
}

function appendAttempt(delivery: Delivery, entry: Record<string, unknown>) {
  const log = JSON.parse(delivery.attemptLog) as unknown[];
  return JSON.stringify([...log, entry].slice(-ATTEMPT_LOG_LIMIT));
}

async function skip(delivery: Delivery, config: Resolved, reason: string, log: Logger) {
  // A skip is not an attempt at the automation platform: the claim's count is taken back.
  await settleLeased(delivery, { status: "skipped", lastError: reason, attemptsDelta: -1 }, config.now());
  log.info({ reason }, "delivery skipped");
}

async function settle(delivery: Delivery, config: Resolved, flowId: string | null, result: TriggerResult, log: Logger) {
  const now = config.now();
  const attemptLog = appendAttempt(delivery, {
    at: now.toISOString(),
    outcome: result.ok ? "delivered" : result.retryable ? "retryable" : "refused",
    httpStatus: result.httpStatus,
    error: result.ok ? null : result.error,
    durationMs: result.durationMs,
  });

  if (result.ok) {
    const settled = await settleLeased(
      delivery,
      { flowId, attemptLog, status: "delivered", deliveredAt: now, lastError: null },
      now,
    );
    if (!settled) log.warn("delivered after the lease ran out; another worker may deliver it again");
    else log.info({ attempts: delivery.attempts, durationMs: result.durationMs }, "delivered");
    return;
  }

  const delay = result.retryable ? nextRetryDelay(delivery.attempts, result.retryAfterMs, config.random) : null;
  if (delay != null) {
    const nextAttemptAt = new Date(now.getTime() + delay);
    await settleLeased(
      delivery,
      { flowId, attemptLog, status: "retrying", lastError: result.error, nextAttemptAt },
      now,
    );
    log.warn({ attempts: delivery.attempts, retryInMs: delay, error: result.error }, "delivery failed; will retry");
    return;
  }

  const reason = result.retryable ? `Gave up after ${delivery.attempts} attempts. ${result.error}` : result.error;
  const settled = await settleLeased(delivery, { flowId, attemptLog, status: "dead", lastError: reason }, now);
  log.error({ attempts: delivery.attempts, error: result.error }, "delivery dead");
  if (settled) await tagDeadOrder(delivery, config, reason, log);
}

/** The spec's error tag on the order, so the merchant sees in the admin which orders the flow missed. */
async function tagDeadOrder(delivery: Delivery, config: Resolved, reason: string, log: Logger) {
  if (delivery.topic !== "orders/create" || !delivery.orderId) return;
  const problem = await addErrorTag(delivery, config);
  if (!problem) {
    await addAppliedTags(delivery.id, [AUTOMATION_ERROR_TAG]);
    return;
  }
  await recordTagProblem(delivery, config, reason, problem, 1, log);
}

interface TagProblem {
  message: string;
  /** False when trying again cannot help: the order is gone. */
  retryable: boolean;
}

async function addErrorTag(delivery: Delivery, config: Resolved): Promise<TagProblem | null> {
  try {
    const session = await getOfflineSession(delivery.shop);
    if (!session) return { message: "the app has no offline session for the shop", retryable: true };
    if (await addOrderTags(session, delivery.orderId!, [AUTOMATION_ERROR_TAG], config.graphql)) return null;
    return { message: "the order no longer exists on the platform", retryable: false };
  } catch (error) {
    return { message: error instanceof Error ? error.message : String(error), retryable: true };
  }
}

const TAG_PROBLEM_MARK = ` (the ${AUTOMATION_ERROR_TAG} tag could not be added: `;

/** The delivery's own reason, without the note of a tag problem written after it. */
function deathReason(lastError: string | null) {
  const mark = lastError?.lastIndexOf(TAG_PROBLEM_MARK) ?? -1;
  return mark < 0 ? (lastError ?? "") : lastError!.slice(0, mark);
}

/**
 * Owes the tag after a failed try: the worker tries again on ERROR_TAG_RETRY_DELAYS_MS, so a platform outage at
 * the moment of death does not leave the merchant without the one sign in the admin that the flow missed the order.
 */
async function recordTagProblem(
  delivery: Delivery,
  config: Resolved,
  reason: string,
  problem: TagProblem,
  tries: number,
  log: Logger,
) {
  const delay = problem.retryable ? ERROR_TAG_RETRY_DELAYS_MS[tries - 1] : undefined;
  const errorTagDueAt = delay === undefined ? null : new Date(config.now().getTime() + delay);
  const next = errorTagDueAt ? "will retry" : problem.retryable ? `gave up after ${tries} tries` : "not retried";
  log.error({ problem: problem.message, tries, errorTagDueAt }, "could not tag the dead delivery's order");
  await prisma.delivery.updateMany({
    where: { id: delivery.id, status: "dead" },
    data: {
      lastError: `${reason}${TAG_PROBLEM_MARK}${problem.message}; ${next})`,
      errorTagDueAt,
      errorTagTries: tries,
    },
  });
}

/**
 * Tries again the error tags owed by dead deliveries whose time has come. Each is claimed by moving its due time
 * past the lease, only if no other worker moved it first, so two workers never tag the same order at once.
 */
async function retryOwedErrorTags(config: Resolved): Promise<number> {
  const now = config.now();
  const owed = await prisma.delivery.findMany({
    where: { errorTagDueAt: { lte: now }, status: "dead" },
    orderBy: { errorTagDueAt: "asc" },
    take: config.batchSize,
  });
  const claimed: Delivery[] = [];
  for (const delivery of owed) {
    const { count } = await prisma.delivery.updateMany({
      where: { id: delivery.id, status: "dead", errorTagDueAt: delivery.errorTagDueAt },
      data: { errorTagDueAt: new Date(now.getTime() + config.leaseMs) },
    });
    if (count === 1) claimed.push(delivery);
  }
  await Promise.all(claimed.map((delivery) => retryErrorTag(delivery, config)));
  return claimed.length;
}

async function retryErrorTag(delivery: Delivery, config: Resolved) {
  const log = logger.child({ shop: delivery.shop, topic: delivery.topic, deliveryId: delivery.id });
  const tries = delivery.errorTagTries + 1;
  const reason = deathReason(delivery.lastError);
  const problem = await addErrorTag(delivery, config);
  if (problem) return recordTagProblem(delivery, config, reason, problem, tries, log);
  await prisma.delivery.updateMany({
    where: { id: delivery.id, status: "dead" },
    data: { lastError: reason, errorTagDueAt: null, errorTagTries: tries },
  });
  // The order carries the tag now, whatever became of the delivery meanwhile: the record says so.
  await addAppliedTags(delivery.id, [AUTOMATION_ERROR_TAG]);
  log.info({ tries }, "dead delivery's order tagged on a later try");
}

/** Waits `ms`, or less when woken. */
function idleSleep(ms: number, wake: AbortSignal, keepProcessAlive: boolean) {
  return new Promise<void>((done) => {
    const timer = setTimeout(finish, ms);
    if (!keepProcessAlive) timer.unref();
    wake.addEventListener("abort", finish, { once: true });
    function finish() {
      clearTimeout(timer);
      wake.removeEventListener("abort", finish);
      done();
    }
  });
}

/**
 * The long-running loop: a pass, then another at once while there is work, else sleep until the poll
 * interval passes or a new webhook wakes it. Retention purges run every purgeIntervalMs.
 */
export class DeliveryWorker {
  private readonly config: Resolved;
  private running = false;
  private loop: Promise<void> | null = null;
  private wakeController = new AbortController();
  private woken = false;
  private lastPurge = 0;

  constructor(options: WorkerOptions = {}) {
    this.config = resolve(options);
  }

  get id() {
    return this.config.workerId;
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop() {
    this.running = false;
    this.wake();
    await this.loop;
  }

  /** Called after a webhook is stored, so the delivery goes out now rather than at the next poll. */
  wake() {
    this.woken = true;
    this.wakeController.abort();
  }

  private async run() {
    while (this.running) {
      if (this.wakeController.signal.aborted) this.wakeController = new AbortController();
      this.woken = false;
      let handled = 0;
      try {
        handled = await runDeliveryPass(this.config);
        await this.purgeWhenDue();
      } catch (error) {
        logger.error({ err: error instanceof Error ? error.message : String(error) }, "delivery worker pass failed");
      }
      if (!this.running || handled > 0 || this.woken) continue;
      await this.config.sleep(this.config.pollIntervalMs, this.wakeController.signal);
    }
  }

  private async purgeWhenDue() {
    const now = this.config.now();
    if (now.getTime() - this.lastPurge < this.config.purgeIntervalMs) return;
    this.lastPurge = now.getTime();
    const purged = await purgeExpiredPayloads(now);
    if (purged) logger.info({ purged }, "order payloads past retention purged");
  }
}

declare global {
  var deliveryWorker: DeliveryWorker | undefined;
}

/** Starts the one worker of this process (idempotent; survives Vite's module reloads in development). */
export function startDeliveryWorker(options: WorkerOptions = {}) {
  if (!global.deliveryWorker) {
    global.deliveryWorker = new DeliveryWorker(options);
    global.deliveryWorker.start();
    logger.info({ workerId: global.deliveryWorker.id }, "delivery worker started");
  }
  return global.deliveryWorker;
}

/** From app/entry.server.tsx: the web process runs the worker unless WORKER_INLINE=false. */
export function startInlineWorker() {
  if (env().WORKER_INLINE && env().NODE_ENV !== "test") startDeliveryWorker();
}

export async function stopDeliveryWorker() {
  const worker = global.deliveryWorker;
  global.deliveryWorker = undefined;
  await worker?.stop();
}

/** Nudges this process's worker, if it runs one; a separate worker process finds the row at its next poll. */
export function wakeWorker() {
  global.deliveryWorker?.wake();
}
