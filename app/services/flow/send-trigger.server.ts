import { Prisma, type FlowTriggerEvent } from "@prisma/client";
import prisma from "../../db.server";
import { logger } from "../../logger.server";
import { retryDelayMs } from "../jobs/attempt.server";
import { addJob } from "../jobs/queue.server";
import { JOB_KINDS } from "../jobs/registry.server";
import { JobProblem, type Job } from "../jobs/types";
import { numericId } from "../platform/gid";
import { platformGraphql, type GraphqlOptions } from "../platform/graphql.server";
import { MAX_TRIGGER_PAYLOAD_BYTES, triggerPayload, type FlowTriggerFields, type FlowTriggerHandle } from "./triggers";

/**
 * A Flow trigger owed for one event (docs/decisions/338): a FlowTriggerEvent row made once by the event's key
 * (a repeated push, callback or call finds it and adds nothing), sent by a job of kind "flow-trigger" keyed by the
 * row, tried again on the kind's schedule while the platform fails. A row sent is never sent again.
 */

export const FLOW_TRIGGER_RECEIVE = `#graphql
  mutation FlowTriggerReceive($handle: String!, $payload: JSON!) {
    flowTriggerReceive(handle: $handle, payload: $payload) {
      userErrors { field message }
    }
  }`;

const JOB_KIND = "flow-trigger";
const jobOf = (event: Pick<FlowTriggerEvent, "id" | "shop">, runAt: Date) => ({
  key: `${JOB_KIND}:${event.id}`,
  shop: event.shop,
  payload: { eventId: event.id },
  runAt,
});

export interface FireFlowTrigger<Handle extends FlowTriggerHandle> {
  /** The order's GraphQL id (gid://shopify/Order/123). */
  orderId: string;
  fields: FlowTriggerFields<Handle>;
  /** What makes the event one; default `<handle>:<order>`: the trigger fires once per order. */
  eventKey?: string;
  now?: Date;
}

const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";

/**
 * Owes the platform the trigger `handle` for one event of one order: the entry point every event source calls
 * (the buyer's answer, the parcel's journey, the risk score). True when the event is new and its job was added;
 * false when the event was already owed or sent (nothing is added).
 */
export async function fireFlowTrigger<Handle extends FlowTriggerHandle>(
  shop: string,
  handle: Handle,
  event: FireFlowTrigger<Handle>,
): Promise<boolean> {
  const now = event.now ?? new Date();
  const payload = JSON.stringify(triggerPayload(handle, numericId(event.orderId), event.fields));
  if (Buffer.byteLength(payload) > MAX_TRIGGER_PAYLOAD_BYTES) {
    throw new Error(`Flow trigger ${handle} payload is over ${MAX_TRIGGER_PAYLOAD_BYTES} bytes`);
  }
  let row: FlowTriggerEvent;
  try {
    row = await prisma.flowTriggerEvent.create({
      data: {
        shop,
        handle,
        eventKey: event.eventKey ?? `${handle}:${event.orderId}`,
        orderId: event.orderId,
        payload,
        createdAt: now,
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
  // Added after the row: a process that dies between the two leaves an owed row, which addOwedTriggerJobs finds.
  await addJob(JOB_KIND, jobOf(row, now));
  return true;
}

/** A job for every owed trigger (one live job per key adds nothing twice). Run at start, like the owed tags. */
export async function addOwedTriggerJobs(now = new Date()): Promise<number> {
  const owed = await prisma.flowTriggerEvent.findMany({ where: { status: "owed" }, select: { id: true, shop: true } });
  for (const event of owed) await addJob(JOB_KIND, jobOf(event, now));
  return owed.length;
}

/** The job's try: sends the row's trigger once; a row sent, given up or gone (the shop uninstalled) is left. */
export function flowTriggerHandler(graphql: GraphqlOptions = {}) {
  return async (job: Job, now: () => Date) => {
    const eventId = typeof job.payload.eventId === "string" ? job.payload.eventId : null;
    const event = eventId ? await prisma.flowTriggerEvent.findUnique({ where: { id: eventId } }) : null;
    if (!event || event.status !== "owed") return;
    await sendTrigger(event, job.attempt, now, graphql);
  };
}

async function sendTrigger(event: FlowTriggerEvent, attempt: number, now: () => Date, graphql: GraphqlOptions) {
  const log = logger.child({ shop: event.shop, component: "flow-trigger", handle: event.handle });
  const attempts = event.attempts + 1;
  let problem: { message: string; retryable: boolean };
  try {
    const answer = await platformGraphql(
      { shop: event.shop },
      FLOW_TRIGGER_RECEIVE,
      { handle: event.handle, payload: JSON.parse(event.payload) as Record<string, unknown> },
      graphql,
    );
    const refused = answer.flowTriggerReceive?.userErrors ?? [];
    if (!refused.length) {
      await prisma.flowTriggerEvent.updateMany({
        where: { id: event.id, status: "owed" },
        data: { status: "sent", sentAt: now(), attempts, lastProblem: null },
      });
      return;
    }
    // The platform read the trigger and refused it (no such handle, a field it does not take): no retry helps.
    problem = { message: refused.map((error) => error.message).join("; "), retryable: false };
  } catch (error) {
    // Down, throttled, token refused, or the answer lost: tried again on the schedule (decision 338 says why a
    // lost answer is retried although the platform may have taken it).
    problem = { message: error instanceof Error ? error.message : String(error), retryable: true };
  }
  const delay = retryDelayMs(JOB_KINDS[JOB_KIND], attempt, problem.retryable);
  log.warn({ problem: problem.message, attempts, retried: delay !== null }, "flow trigger not sent");
  await prisma.flowTriggerEvent.updateMany({
    where: { id: event.id, status: "owed" },
    data: { status: delay === null ? "given_up" : "owed", attempts, lastProblem: problem.message },
  });
  throw new JobProblem(problem.message, problem.retryable);
}
