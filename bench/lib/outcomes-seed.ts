import type { PrismaClient } from "@prisma/client";

/**
 * The journeys of the insights bench's deliveries, for the outcomes (docs/decisions/332): every orders/create
 * delivery gets the projection the `order-outcomes` job would give it (its shop's day in Bogotá's time zone, one
 * of 40 products, 300 cities, 32 departments, 6 carriers, two flows, three answers, a parcel's group and a value),
 * and the per-day sums are built from those projections by the same grouping the job's differences add up to.
 * Written by the store itself in INSERT ... SELECT statements: projecting a million orders through the job takes
 * far longer than the read this bench measures (its rate is measured apart, on a sample).
 */
export async function seedOutcomes(prisma: PrismaClient, engine: "sqlite" | "postgresql") {
  const sqlite = engine === "sqlite";
  const random = sqlite ? "abs(random())" : "CAST(floor(random() * 1000000000) AS BIGINT)";
  const day = sqlite
    ? `strftime('%Y-%m-%d', "createdAt", '-5 hours')`
    : `to_char("createdAt" - interval '5 hours', 'YYYY-MM-DD')`;
  const text = (prefix: string, count: number, salt: number) =>
    sqlite ? `'${prefix} ' || ((r / ${salt}) % ${count})` : `'${prefix} ' || CAST((r / ${salt}) % ${count} AS TEXT)`;
  const lower = (expression: string) => `lower(${expression})`;
  const group = `CASE WHEN r % 100 < 40 THEN 'delivered' WHEN r % 100 < 55 THEN 'returned' WHEN r % 100 < 75 THEN 'on_the_way'
    WHEN r % 100 < 80 THEN 'incident' ELSE '' END`;
  await prisma.$executeRawUnsafe(`
    INSERT INTO "OrderOutcome" ("shop", "orderId", "day", "flowId", "answer", "productKey", "product", "cityKey", "city",
      "departmentKey", "department", "carrierKey", "carrier", "parcel", "shipped", "valueCents", "currency", "projectedAt")
    SELECT "shop", "orderId", ${day}, COALESCE("flowId", ''),
      CASE WHEN r % 10 < 7 THEN 'confirmed' WHEN r % 10 < 9 THEN 'refused' ELSE 'no_answer' END,
      ${lower(text("Producto", 40, 7))}, ${text("Producto", 40, 7)}, ${lower(text("Ciudad", 300, 11))}, ${text("Ciudad", 300, 11)},
      ${lower(text("Departamento", 32, 13))}, ${text("Departamento", 32, 13)},
      ${lower(text("Transportadora", 6, 17))}, ${text("Transportadora", 6, 17)}, ${group}, r % 100 < 80,
      5000000 + (r % 20) * 500000, 'COP', "createdAt"
    FROM (SELECT "orderId", "shop", "flowId", "createdAt", ${random} AS r FROM "Delivery"
      WHERE "topic" = 'orders/create' AND "orderId" IS NOT NULL) AS d`);
  // The orders the deliveries' trigger marked are projected now: the job would clear their marks.
  await prisma.$executeRawUnsafe(`DELETE FROM "OutcomeDirty"`);
  const sums = `COUNT(*), SUM(CASE WHEN "answer" = 'confirmed' THEN 1 ELSE 0 END),
    SUM(CASE WHEN "shipped" THEN 1 ELSE 0 END), SUM(CASE WHEN "parcel" = 'on_the_way' THEN 1 ELSE 0 END),
    SUM(CASE WHEN "parcel" = 'delivered' THEN 1 ELSE 0 END), SUM(CASE WHEN "parcel" = 'returned' THEN 1 ELSE 0 END),
    SUM(CASE WHEN "parcel" = 'incident' THEN 1 ELSE 0 END),
    SUM(CASE WHEN "parcel" = 'delivered' THEN "valueCents" ELSE 0 END),
    SUM(CASE WHEN "parcel" = 'returned' THEN "valueCents" ELSE 0 END)`;
  const dimensions: [string, string, string][] = [
    ["all", "''", "''"],
    ["product", '"productKey"', '"product"'],
    ["city", '"cityKey"', '"city"'],
    ["department", '"departmentKey"', '"department"'],
    ["carrier", '"carrierKey"', '"carrier"'],
    ["flow", '"flowId"', '"flowId"'],
    ["answer", '"answer"', '"answer"'],
  ];
  for (const [dimension, key, label] of dimensions) {
    await prisma.$executeRawUnsafe(`
      INSERT INTO "OutcomeCount" ("shop", "day", "dimension", "key", "label", "orders", "confirmed", "shipped",
        "onTheWay", "delivered", "returned", "incident", "valueDelivered", "valueReturned")
      SELECT "shop", "day", '${dimension}', ${key}, MIN(${label}), ${sums}
      FROM "OrderOutcome" GROUP BY "shop", "day"${key === "''" ? "" : `, ${key}`}`);
  }
}
