import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { knownTimeZoneOr } from "../../lib/time-zone";
import { contributionsOf, projectOutcome, sameOutcome, type Contribution, type Outcome } from "./project";

/**
 * The outcomes projection (docs/decisions/332): triggers mark a store order in OutcomeDirty whenever its delivery,
 * its buyer's answer (to the confirmation or to a delivery incident, 340) or its supplier order changes; this projects the marked orders again and moves the per-day
 * sums by exactly the difference (the old projection taken back, the new one added), in one transaction per batch.
 * A mark bumped while its order was being projected stays for the next run.
 */

/** Orders per transaction: PostgreSQL's batch of 500 outlived the client's 5 s transaction on the loaded machine. */
export const PROJECT_BATCH = 100;

type Dirty = { shop: string; orderId: string; mark: number };

/** Projects the marked orders, batch after batch; returns how many it projected. */
export async function projectOutcomes(batch = PROJECT_BATCH): Promise<number> {
  let projected = 0;
  let after: { shop: string; orderId: string } | null = null;
  for (;;) {
    const dirty: Dirty[] = await prisma.outcomeDirty.findMany({
      where: after ? { OR: [{ shop: { gt: after.shop } }, { shop: after.shop, orderId: { gt: after.orderId } }] } : {},
      orderBy: [{ shop: "asc" }, { orderId: "asc" }],
      take: batch,
    });
    if (!dirty.length) return projected;
    const byShop = new Map<string, Dirty[]>();
    for (const row of dirty) byShop.set(row.shop, [...(byShop.get(row.shop) ?? []), row]);
    for (const [shop, rows] of byShop) await projectShopOrders(shop, rows);
    projected += dirty.length;
    after = dirty[dirty.length - 1];
  }
}

async function projectShopOrders(shop: string, dirty: Dirty[]) {
  const orderIds = dirty.map((row) => row.orderId);
  const [deliveries, answers, incidentAnswers, parcels, links, zone, previous] = await Promise.all([
    prisma.delivery.findMany({
      where: { shop, topic: "orders/create", orderId: { in: orderIds } },
      // Sorted here, not by the store: an ORDER BY "createdAt" lets SQLite walk the shop's (shop, createdAt) index,
      // every delivery of the shop, instead of looking the batch's orders up by (shop, orderId).
      select: { orderId: true, flowId: true, buyer: true, createdAt: true, test: true },
    }),
    answerKindsOf(shop, orderIds),
    incidentAnswerKindsOf(shop, orderIds),
    prisma.supplierOrder.findMany({
      where: { shop, orderId: { in: orderIds } },
      select: { orderId: true, stage: true, carrier: true, openIncident: true },
      // An order split into parcels is counted by its latest one.
      orderBy: { createdAt: "asc" },
    }),
    prisma.productAssociation.findMany({
      where: { shop },
      select: { platformProductId: true, supplierProductName: true },
    }),
    prisma.shopTimeZone.findUnique({ where: { shop } }),
    prisma.orderOutcome.findMany({ where: { shop, orderId: { in: orderIds } } }),
  ]);
  const firstDelivery = new Map<string, (typeof deliveries)[number]>();
  for (const row of deliveries) {
    const first = row.orderId ? firstDelivery.get(row.orderId) : undefined;
    if (row.orderId && (!first || row.createdAt < first.createdAt)) firstDelivery.set(row.orderId, row);
  }
  const answerOf = answers;
  const incidentAnswerOf = incidentAnswers;
  const parcelOf = new Map(parcels.map((row) => [row.orderId as string, row]));
  const supplierProducts = new Map(links.map((row) => [row.platformProductId, row.supplierProductName]));
  const timeZone = knownTimeZoneOr(zone?.timeZone);
  const before = new Map(previous.map((row) => [row.orderId, storedOutcome(row)]));

  const changes: Contribution[] = [];
  const replaced: string[] = [];
  const rows: (Outcome & { shop: string; orderId: string; projectedAt: Date })[] = [];
  const projectedAt = new Date();
  for (const { orderId } of dirty) {
    const delivery = firstDelivery.get(orderId);
    const old = before.get(orderId) ?? null;
    const next = delivery?.orderId
      ? projectOutcome({
          delivery: { ...delivery, orderId: delivery.orderId },
          answer: answerOf.get(orderId) ?? null,
          incidentAnswer: incidentAnswerOf.get(orderId) ?? null,
          parcel: parcelOf.get(orderId) ?? null,
          supplierProducts,
          timeZone,
          previous: old,
        })
      : null;
    if (sameOutcome(old, next)) continue;
    if (old) {
      changes.push(...contributionsOf(old, -1));
      replaced.push(orderId);
    }
    if (next) {
      changes.push(...contributionsOf(next, 1));
      rows.push({ shop, orderId, ...next, projectedAt });
    }
  }
  // A handful of statements per batch, whatever its size: a backfill of a big store is a few statements per
  // hundred orders, not three per order.
  const statements: Prisma.PrismaPromise<unknown>[] = [];
  if (replaced.length) statements.push(prisma.orderOutcome.deleteMany({ where: { shop, orderId: { in: replaced } } }));
  if (rows.length) statements.push(prisma.orderOutcome.createMany({ data: rows }));
  // A row an order leaves and re-enters (its product, when only its parcel moved) nets to nothing: not written.
  const sums = merged(changes).filter((change) => Object.values(change.sums).some((value) => value !== 0));
  for (let i = 0; i < sums.length; i += COUNT_ROWS_PER_STATEMENT) {
    statements.push(addToCounts(shop, sums.slice(i, i + COUNT_ROWS_PER_STATEMENT)));
  }
  statements.push(
    prisma.outcomeDirty.deleteMany({ where: { shop, OR: dirty.map(({ orderId, mark }) => ({ orderId, mark })) } }),
  );
  await prisma.$transaction(statements);
}

/** The buyer's answer of each order to the confirmation, by kind (OrderAnswer: confirmed, refused, no_answer). */
async function answerKindsOf(shop: string, orderIds: string[]): Promise<Map<string, string>> {
  const rows = await prisma.orderAnswer.findMany({
    where: { shop, orderId: { in: orderIds } },
    select: { orderId: true, answer: true },
  });
  return new Map(rows.map((row) => [row.orderId, row.answer]));
}

/**
 * The buyer's latest answer to each order's delivery incidents (IncidentAnswer, one row per incident: new_date,
 * new_address, office_pickup, refused), whose trigger marks the order as OrderAnswer's does (docs/decisions/340).
 */
async function incidentAnswerKindsOf(shop: string, orderIds: string[]): Promise<Map<string, string>> {
  const rows = await prisma.incidentAnswer.findMany({
    where: { shop, orderId: { in: orderIds } },
    select: { orderId: true, answer: true },
    // The latest answer is set last; the id breaks a tie of the same instant the same way on both engines.
    orderBy: [{ answeredAt: "asc" }, { id: "asc" }],
  });
  return new Map(rows.map((row) => [row.orderId, row.answer]));
}

function storedOutcome(row: Outcome & { shop: string; orderId: string; projectedAt: Date }): Outcome {
  const { shop: _shop, orderId: _orderId, projectedAt: _at, ...outcome } = row;
  return outcome;
}

/** The batch's changes to one sum row added together: one statement per row. */
function merged(changes: Contribution[]): Contribution[] {
  const rows = new Map<string, Contribution>();
  for (const change of changes) {
    const id = JSON.stringify([change.day, change.dimension, change.key]);
    const row = rows.get(id);
    if (!row) {
      rows.set(id, { ...change, sums: { ...change.sums } });
      continue;
    }
    // The first spelling of the batch names the row, as the first one stored does (ON CONFLICT keeps it).
    if (!row.label) row.label = change.label;
    for (const field of Object.keys(row.sums) as (keyof Contribution["sums"])[]) row.sums[field] += change.sums[field];
  }
  return [...rows.values()];
}

/** Sum rows moved by one statement: 14 values each, under SQLite's 32,766 variables of a statement. */
const COUNT_ROWS_PER_STATEMENT = 1000;

function addToCounts(shop: string, changes: Contribution[]) {
  const values = changes.map(
    ({ day, dimension, key, label, sums }) =>
      Prisma.sql`(${shop}, ${day}, ${dimension}, ${key}, ${label}, ${sums.orders}, ${sums.confirmed}, ${sums.shipped},
        ${sums.onTheWay}, ${sums.delivered}, ${sums.returned}, ${sums.incident}, ${BigInt(sums.valueDelivered)},
        ${BigInt(sums.valueReturned)})`,
  );
  return prisma.$executeRaw`
    INSERT INTO "OutcomeCount" ("shop", "day", "dimension", "key", "label", "orders", "confirmed", "shipped",
      "onTheWay", "delivered", "returned", "incident", "valueDelivered", "valueReturned")
    VALUES ${Prisma.join(values)}
    ON CONFLICT ("shop", "dimension", "day", "key") DO UPDATE SET
      "orders" = "OutcomeCount"."orders" + excluded."orders",
      "confirmed" = "OutcomeCount"."confirmed" + excluded."confirmed",
      "shipped" = "OutcomeCount"."shipped" + excluded."shipped",
      "onTheWay" = "OutcomeCount"."onTheWay" + excluded."onTheWay",
      "delivered" = "OutcomeCount"."delivered" + excluded."delivered",
      "returned" = "OutcomeCount"."returned" + excluded."returned",
      "incident" = "OutcomeCount"."incident" + excluded."incident",
      "valueDelivered" = "OutcomeCount"."valueDelivered" + excluded."valueDelivered",
      "valueReturned" = "OutcomeCount"."valueReturned" + excluded."valueReturned"`;
}
