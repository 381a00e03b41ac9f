import prisma from "../../db.server";
import { RATE_WINDOW_ORDERS, type AreaRate, type KeyHistory } from "./weights";

/**
 * The facts a score reads from THIS shop's history (docs/decisions/334): every earlier scored order (OrderRisk, one
 * row per order with its phone, address digest, city and product) and, per order, what the buyer answered
 * (OrderAnswer) and where the parcel ended (SupplierOrder's stage). Each read is an index probe: the key's rows by
 * OrderRisk's (shop, key) index, then each row's answer and parcel by their (shop, orderId) indexes
 * (tests/services/risk/history-plan.test.ts holds both engines to it). A city's or a product's read is bounded to
 * its latest RATE_WINDOW_ORDERS orders.
 */

// A parcel came back when its journey ended returned or rejected (refused at the door), and was taken when delivered.

type CountRow = Record<keyof KeyHistory, number | bigint | string | null>;

const num = (value: number | bigint | string | null | undefined) => Number(value ?? 0);

const toHistory = (row: CountRow | undefined): KeyHistory => ({
  orders: num(row?.orders),
  refused: num(row?.refused),
  noAnswer: num(row?.noAnswer),
  returned: num(row?.returned),
  delivered: num(row?.delivered),
});

/** The earlier orders placed with this phone, other than this one. */
export async function phoneHistory(shop: string, phone: string, orderId: string): Promise<KeyHistory> {
  const rows = await prisma.$queryRaw<CountRow[]>`
    SELECT COUNT(*) AS "orders",
      SUM(CASE WHEN a."answer" = 'refused' THEN 1 ELSE 0 END) AS "refused",
      SUM(CASE WHEN a."answer" = 'no_answer' THEN 1 ELSE 0 END) AS "noAnswer",
      SUM(CASE WHEN EXISTS (SELECT 1 FROM "SupplierOrder" s WHERE s."shop" = r."shop" AND s."orderId" = r."orderId"
        AND s."stage" IN ('returned', 'rejected')) THEN 1 ELSE 0 END) AS "returned",
      SUM(CASE WHEN EXISTS (SELECT 1 FROM "SupplierOrder" s WHERE s."shop" = r."shop" AND s."orderId" = r."orderId"
        AND s."stage" = 'delivered') THEN 1 ELSE 0 END) AS "delivered"
    FROM "OrderRisk" r
    LEFT JOIN "OrderAnswer" a ON a."shop" = r."shop" AND a."orderId" = r."orderId"
    WHERE r."shop" = ${shop} AND r."phone" = ${phone} AND r."orderId" <> ${orderId}`;
  return toHistory(rows[0]);
}

/** The earlier orders shipped to this address with another phone (or none): the phone's own are counted once. */
export async function addressHistory(
  shop: string,
  addressKey: string,
  phone: string | null,
  orderId: string,
): Promise<KeyHistory> {
  const rows = await prisma.$queryRaw<CountRow[]>`
    SELECT COUNT(*) AS "orders",
      SUM(CASE WHEN a."answer" = 'refused' THEN 1 ELSE 0 END) AS "refused",
      SUM(CASE WHEN a."answer" = 'no_answer' THEN 1 ELSE 0 END) AS "noAnswer",
      SUM(CASE WHEN EXISTS (SELECT 1 FROM "SupplierOrder" s WHERE s."shop" = r."shop" AND s."orderId" = r."orderId"
        AND s."stage" IN ('returned', 'rejected')) THEN 1 ELSE 0 END) AS "returned",
      SUM(CASE WHEN EXISTS (SELECT 1 FROM "SupplierOrder" s WHERE s."shop" = r."shop" AND s."orderId" = r."orderId"
        AND s."stage" = 'delivered') THEN 1 ELSE 0 END) AS "delivered"
    FROM "OrderRisk" r
    LEFT JOIN "OrderAnswer" a ON a."shop" = r."shop" AND a."orderId" = r."orderId"
    WHERE r."shop" = ${shop} AND r."addressKey" = ${addressKey} AND r."orderId" <> ${orderId}
      AND (r."phone" IS NULL OR r."phone" <> ${phone ?? ""})`;
  return toHistory(rows[0]);
}

type RateRow = { finished: number | bigint | string | null; returned: number | bigint | string | null };

const toRate = (row: RateRow | undefined): AreaRate => ({
  finished: num(row?.finished),
  returned: num(row?.returned),
});

/** Of the city's latest orders, how many parcels finished and how many of those came back. */
export async function cityRate(shop: string, city: string, orderId: string): Promise<AreaRate> {
  const rows = await prisma.$queryRaw<RateRow[]>`
    SELECT
      SUM(CASE WHEN EXISTS (SELECT 1 FROM "SupplierOrder" s WHERE s."shop" = ${shop} AND s."orderId" = r."orderId"
        AND s."stage" IN ('delivered', 'returned', 'rejected')) THEN 1 ELSE 0 END) AS "finished",
      SUM(CASE WHEN EXISTS (SELECT 1 FROM "SupplierOrder" s WHERE s."shop" = ${shop} AND s."orderId" = r."orderId"
        AND s."stage" IN ('returned', 'rejected')) THEN 1 ELSE 0 END) AS "returned"
    FROM (SELECT "orderId" FROM "OrderRisk" WHERE "shop" = ${shop} AND "city" = ${city} AND "orderId" <> ${orderId}
      ORDER BY "scoredAt" DESC LIMIT ${RATE_WINDOW_ORDERS}) r`;
  return toRate(rows[0]);
}

/** Of the product's latest orders, how many parcels finished and how many of those came back. */
export async function productRate(shop: string, productId: string, orderId: string): Promise<AreaRate> {
  const rows = await prisma.$queryRaw<RateRow[]>`
    SELECT
      SUM(CASE WHEN EXISTS (SELECT 1 FROM "SupplierOrder" s WHERE s."shop" = ${shop} AND s."orderId" = r."orderId"
        AND s."stage" IN ('delivered', 'returned', 'rejected')) THEN 1 ELSE 0 END) AS "finished",
      SUM(CASE WHEN EXISTS (SELECT 1 FROM "SupplierOrder" s WHERE s."shop" = ${shop} AND s."orderId" = r."orderId"
        AND s."stage" IN ('returned', 'rejected')) THEN 1 ELSE 0 END) AS "returned"
    FROM (SELECT "orderId" FROM "OrderRisk" WHERE "shop" = ${shop} AND "productId" = ${productId}
      AND "orderId" <> ${orderId} ORDER BY "scoredAt" DESC LIMIT ${RATE_WINDOW_ORDERS}) r`;
  return toRate(rows[0]);
}
