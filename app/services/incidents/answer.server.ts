import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { ANSWER_TAG_SUFFIX, type IncidentAnswerView } from "../../lib/incident-answers";
import type { IncidentCallbackFields } from "./callback-fields.server";
import { incidentFlowSettings } from "./settings.server";
import { INCIDENT_TOPIC } from "./topic";

/**
 * The buyer's answer to an incident (docs/decisions/331), on the incident's own trigger (its delivery): the one the
 * callback names by `incidentId`, else the order's newest. One row per incident in IncidentAnswer: a later answer
 * to the same incident replaces the earlier one, and the counts read that table.
 */
export async function incidentOfCallback(shop: string, orderId: string, incidentId: string | null) {
  const delivery = await prisma.delivery.findFirst({
    where: { shop, topic: INCIDENT_TOPIC, orderId, ...(incidentId ? { eventId: incidentId } : {}) },
    orderBy: { createdAt: "desc" },
    select: { id: true, tagsApplied: true, orderName: true, payload: true },
  });
  if (!delivery) {
    throw new AppError(404, `No delivery incident of order ${orderId} was sent to the flow`, "incident_not_found");
  }
  return delivery;
}

/** The tag the answer adds to the order: the shop's prefix and the answer. */
export async function incidentAnswerTag(shop: string, fields: IncidentCallbackFields) {
  const { tagPrefix } = await incidentFlowSettings(shop);
  return `${tagPrefix}${ANSWER_TAG_SUFFIX[fields.answer]}`;
}

export async function recordIncidentAnswer(
  shop: string,
  incident: { id: string; orderName: string | null; payload: string | null },
  orderId: string,
  fields: IncidentCallbackFields,
  now = new Date(),
) {
  const supplierOrderId = supplierOrderOf(incident.payload);
  const answer = {
    answer: fields.answer,
    newDate: fields.newDate,
    newAddress: fields.newAddress,
    answeredAt: now,
  };
  await prisma.incidentAnswer.upsert({
    where: { deliveryId: incident.id },
    create: { shop, deliveryId: incident.id, orderId, orderName: incident.orderName, supplierOrderId, ...answer },
    update: answer,
  });
}

function supplierOrderOf(payload: string | null) {
  try {
    const value = (JSON.parse(payload ?? "{}") as { supplierOrderId?: unknown }).supplierOrderId;
    return typeof value === "string" ? value : null;
  } catch {
    return null;
  }
}

/** The answers to an order's incidents, newest first, for the order block and the log. */
export async function orderIncidentAnswers(shop: string, orderId: string): Promise<IncidentAnswerView[]> {
  const rows = await prisma.incidentAnswer.findMany({
    where: { shop, orderId },
    orderBy: { answeredAt: "desc" },
    select: { answer: true, newDate: true, newAddress: true, answeredAt: true },
  });
  return rows.map((row) => ({
    answer: row.answer as IncidentAnswerView["answer"],
    newDate: row.newDate,
    newAddress: row.newAddress,
    answeredAt: row.answeredAt.toISOString(),
  }));
}

/** How many incidents were answered each way since `from`: what the insights read. */
export async function incidentAnswerCounts(shop: string, from: Date) {
  const rows = await prisma.incidentAnswer.groupBy({
    by: ["answer"],
    where: { shop, answeredAt: { gte: from } },
    _count: { _all: true },
  });
  return Object.fromEntries(rows.map((row) => [row.answer, row._count._all])) as Record<string, number>;
}

/** The log's incident rows with the buyer's answer to each (null: none yet, or not an incident). */
export async function withIncidentAnswers<T extends { id: string; topic: string }>(
  shop: string,
  deliveries: T[],
): Promise<(T & { incidentAnswer: IncidentAnswerView | null })[]> {
  const ids = deliveries.filter((delivery) => delivery.topic === INCIDENT_TOPIC).map((delivery) => delivery.id);
  const rows = ids.length
    ? await prisma.incidentAnswer.findMany({
        where: { shop, deliveryId: { in: ids } },
        select: { deliveryId: true, answer: true, newDate: true, newAddress: true, answeredAt: true },
      })
    : [];
  const byDelivery = new Map(rows.map((row) => [row.deliveryId, row]));
  return deliveries.map((delivery) => {
    const row = byDelivery.get(delivery.id);
    return {
      ...delivery,
      incidentAnswer: row
        ? {
            answer: row.answer as IncidentAnswerView["answer"],
            newDate: row.newDate,
            newAddress: row.newAddress,
            answeredAt: row.answeredAt.toISOString(),
          }
        : null,
    };
  });
}
