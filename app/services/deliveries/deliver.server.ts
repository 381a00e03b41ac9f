import { oweFulfilmentTask } from "../holds/tasks.server";
import type { Delivery } from "@prisma/client";
import prisma from "../../db.server";
import { env } from "../../env.server";
import { describeDeliveryError, type DeliveryError } from "../../lib/delivery-errors";
import { logger, type Logger } from "../../logger.server";
import { triggerFlow, unanswered, type TriggerResult } from "../automation/client.server";
import { getShopSettings, type ShopSettings } from "../shops/configuration.server";
import { buildCheckoutPayload, buildDraftOrderPayload, buildOrderPayload } from "../../lib/payloads.server";
import { prepareIncidentSend } from "../incidents/send.server";
import { INCIDENT_TOPIC } from "../incidents/topic";
import { oweScoreFollowUps } from "../risk/follow-ups.server";
import { oweRiskScore } from "../risk/score-later.server";
import { screenOrder, type ScreenActions } from "../screening/screen-order.server";
import { oweErrorTag, oweOrderTag } from "./owed-tags.server";
import { cancelCheckouts } from "./outbox.server";
import { completeDelivery, deferDelivery, failDelivery, skipDelivery } from "./queue.server";
import { nextRetryDelay } from "./retry-policy.server";
import { routeDelivery } from "./routing.server";
import type { DeliveryTopic } from "./status.server";
import { describe, type Resolved } from "./worker-options.server";

/*
 * One claimed delivery, from its claim to its recorded outcome: what the routing needs to know, the trigger, and
 * the outcome's write. The worker (worker.server.ts) claims and calls deliver() for each.
 */

const ATTEMPT_LOG_LIMIT = 50;

/** The shops' settings read in one claim, by shop: a busy shop's deliveries share one configuration read. */
export type SettingsCache = Map<string, Promise<ShopSettings | null>>;

export function settingsCache(): SettingsCache {
  return new Map();
}

export async function buryOutcome(delivery: Delivery, config: Resolved) {
  const log = logger.child({ shop: delivery.shop, topic: delivery.topic, deliveryId: delivery.id });
  log.error({ attempts: delivery.attempts }, "delivery dead: its worker never finished it");
  await oweErrorTag(delivery, { now: config.now });
}

/**
 * Gathers what the routing needs to know, then sends or skips one claimed delivery and records the outcome. One
 * pass, in order: this file's own helpers run before the first call out, and each step after it (the checkout's
 * cancel, the settings, the routing, the payload, the checks, the trigger) is called once and does not call back
 * here on the way to the trigger (docs/architecture.md, "The worker's walk"). The checks' actions below are the
 * exception by design: they are what a check that stops the delivery calls (docs/decisions/287).
 */
export async function deliver(delivery: Delivery, config: Resolved, settingsCache: SettingsCache) {
  const log = lazyLog(delivery);
  // The delivery id travels as the idempotency key: a receiver that honours it drops the repeat a crash
  // between its answer and our status write would cause (docs/decisions/084-trigger-idempotency-key.md).
  const idempotencyKey = idempotencyKeyOf(delivery);
  let flowId: string | null = delivery.flowId;
  let result: TriggerResult;
  try {
    const topic = delivery.topic as DeliveryTopic;
    const isCheckout = topic === "checkouts/create" && delivery.payload != null;
    const checkoutConverted = isCheckout ? await orderPlacedFor(delivery) : undefined;
    if (topic === "orders/create") await cancelAbandonedCheckouts(delivery, config, log);
    const checkout = isCheckout ? buildCheckoutPayload(JSON.parse(delivery.payload!), { shop: delivery.shop }) : null;
    let settingsRead = settingsCache.get(delivery.shop);
    if (!settingsRead) settingsCache.set(delivery.shop, (settingsRead = getShopSettings(delivery.shop)));
    const settings = await settingsRead;
    const now = config.now();
    // What the checks may do to this claimed delivery: the worker's own writes, under its claim.
    const actions: ScreenActions = {
      skip: (reason) => skipDelivery(delivery, reason, now),
      defer: (reason, dueAt) => deferDelivery(delivery, reason, dueAt, now),
      oweTag: (tag) => oweOrderTag(delivery, tag, { now: () => now }),
      oweRiskHold: async (orderId) => {
        await oweFulfilmentTask(delivery.shop, { kind: "hold", subject: orderId, orderId, reason: "risk" }, now);
      },
      riskScored: oweScoreFollowUps,
      scoreLater: oweRiskScore,
    };
    if (delivery.topic === INCIDENT_TOPIC) {
      // A parcel's incident, to the shop's incident flow (docs/decisions/330).
      const incident = await prepareIncidentSend(delivery, { settings, now, graphql: config.graphql, log, actions });
      if (!incident.send) return;
      flowId = incident.flowId;
      result = await triggerFlow(incident.apiKey, incident.flowId, incident.payload, { idempotencyKey });
      return await recordOutcome(() => settle(delivery, config, flowId, result, log), config, log, result.ok);
    }
    const route = routeDelivery({
      topic,
      settings,
      payloadKept: delivery.payload != null,
      checkoutConverted,
      checkoutHasContact: checkout ? Boolean(checkout.email || checkout.phone) : undefined,
    });
    if (!route.send) {
      await skipDelivery(delivery, { code: route.reason }, config.now());
      log().info({ reason: route.reason }, "delivery skipped");
      return;
    }
    flowId = route.flowId;
    const body: unknown = checkout ? null : JSON.parse(delivery.payload ?? "{}");
    let payload: object =
      checkout ??
      (topic === "orders/create"
        ? buildOrderPayload(body, {
            shop: delivery.shop,
            callbackUrl: `${env().PLATFORM_APP_URL}/api/automation/callback`,
            callbackApiKey: route.apiKey,
          })
        : buildDraftOrderPayload(body, { shop: delivery.shop }));
    if (topic === "orders/create") {
      const screened = await screenOrder(delivery, payload, { settings, now, graphql: config.graphql, log, actions });
      if (!screened.send) return;
      payload = screened.payload;
      // The shop's rule for risky orders may send the order to another of its flows (docs/decisions/335).
      if (screened.flowId) flowId = screened.flowId;
    }
    result = await triggerFlow(route.apiKey, flowId ?? route.flowId, payload, { idempotencyKey });
  } catch (error) {
    // Failed before anything was sent (database, a bug): retried on the schedule like a network error.
    log().error({ err: describe(error) }, "delivery failed before the trigger");
    result = unanswered({ code: "preparation_failed" }, 0);
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
  const error = result.ok ? null : describeDeliveryError(result.failure);
  const attemptLog = appendAttempt(delivery, {
    at: now.toISOString(),
    outcome: result.ok ? "delivered" : result.retryable ? "retryable" : "refused",
    httpStatus: result.httpStatus,
    error,
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
    log().warn({ attempts: delivery.attempts, retryInMs: delay, error }, "delivery failed; will retry");
    return;
  }

  const reason: DeliveryError = result.retryable
    ? { ...result.failure, params: { ...result.failure.params, gaveUpAfter: delivery.attempts } }
    : result.failure;
  const settled = await failDelivery(delivery, { flowId, attemptLog, error: reason, nextAttemptAt: null }, now);
  log().error({ attempts: delivery.attempts, error }, "delivery dead");
  if (settled) await oweErrorTag(delivery, { now: config.now });
}

/**
 * The trigger's idempotency key: the delivery id, the same for every automatic attempt and takeover, with the
 * merchant's replays counted in, so a replay the merchant asked for is a new send and a crash's repeat is not.
 */
export function idempotencyKeyOf(delivery: Pick<Delivery, "id" | "replays">) {
  return delivery.replays ? `${delivery.id}:replay-${delivery.replays}` : delivery.id;
}
