import { createFulfillmentEvent, readFulfillmentEvents } from "./platform.server";
import { refused, tagOrder, type StepContext, type StepOutcome } from "./types";

/**
 * A stage (or an incident) told on the app's fulfilment as an event, at the time the carrier gave. Read first: an
 * event of this status at this time already there (an earlier try's whose record was lost) is not added again.
 */
export async function eventStep(context: StepContext, status: string, tag: string | null): Promise<StepOutcome> {
  const { session, graphql, row } = context;
  if (!context.fulfillmentId) return { status: "stood_down", note: "the app made no fulfilment for this order" };
  const fulfillment = await readFulfillmentEvents(session, context.fulfillmentId, graphql);
  if (!fulfillment) return { status: "stood_down", note: "the fulfilment no longer exists" };
  if (fulfillment.status === "CANCELLED") return { status: "stood_down", note: "the fulfilment was cancelled" };
  const happenedAt = row.happenedAt ?? row.createdAt;
  const already = fulfillment.events.nodes.some(
    (event) => event.status === status && new Date(event.happenedAt as string).getTime() === happenedAt.getTime(),
  );
  let platformRef: string | null = null;
  if (!already) {
    const made = await createFulfillmentEvent(
      session,
      { fulfillmentId: context.fulfillmentId, status, happenedAt },
      graphql,
    );
    if (made.userErrors.length || !made.id) throw refused(made.userErrors);
    platformRef = made.id;
  }
  if (tag) await tagOrder(context, tag);
  return { status: "done", platformRef };
}
