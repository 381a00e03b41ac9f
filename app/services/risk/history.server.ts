import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { KEY_HISTORY_ORDERS, RATE_WINDOW_ORDERS, type AreaRate, type KeyHistory } from "./weights";

/**
 * The facts a score reads from THIS shop's history (docs/decisions/334): every earlier scored order (OrderRisk, one
 * row per order with its phone, address digest, city and product) and, per order, what the buyer answered
 * (OrderAnswer) and where the parcel ended (SupplierOrder's stage). Each read is an index probe: the key's rows by
 * OrderRisk's (shop, key) index, then each row's answer and parcel by their (shop, orderId) indexes
 * (tests/services/risk/history-plan.test.ts holds both engines to it). Each read is bounded: a key's latest
 * KEY_HISTORY_ORDERS orders, a city's or a product's latest RATE_WINDOW_ORDERS.
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

/**
 * Per history row, how its parcels ended: 2 when one came back (returned, or refused at the door), 1 when one was
 * delivered, 0 otherwise. One read per row, through SupplierOrder's (shop, orderId) index whatever the stage: a
 * condition on the stage itself would let a planner pick the (shop, stage) index and read every delivered parcel.
 */
const OUTCOME = Prisma.sql`
  (SELECT MAX(CASE WHEN s."stage" IN ('returned', 'rejected') THEN 2 WHEN s."stage" = 'delivered' THEN 1 ELSE 0 END)
    FROM "SupplierOrder" s WHERE s."shop" = r."shop" AND s."orderId" = r."orderId") AS "outcome"`;

// The rows "h" carry a LIMIT (the rows' own bound) so SQLite does not flatten them into the sums, which would read
// each row's outcome once per sum that names it.
const KEY_COUNTS = Prisma.sql`
  SELECT COUNT(*) AS "orders",
    SUM(CASE WHEN h."answer" = 'refused' THEN 1 ELSE 0 END) AS "refused",
    SUM(CASE WHEN h."answer" = 'no_answer' THEN 1 ELSE 0 END) AS "noAnswer",
    SUM(CASE WHEN h."outcome" = 2 THEN 1 ELSE 0 END) AS "returned",
    SUM(CASE WHEN h."outcome" = 1 THEN 1 ELSE 0 END) AS "delivered"`;

/** The earlier orders placed with this phone, other than this one. */
export async function phoneHistory(shop: string, phone: string, orderId: string): Promise<KeyHistory> {
  return toHistory((await prisma.$queryRaw<CountRow[]>(phoneHistorySql(shop, phone, orderId)))[0]);
}

export const phoneHistorySql = (shop: string, phone: string, orderId: string) => Prisma.sql`
  ${KEY_COUNTS}
  FROM (SELECT a."answer", ${OUTCOME}
    FROM (SELECT "shop", "orderId" FROM "OrderRisk" WHERE "shop" = ${shop} AND "phone" = ${phone}
      AND "orderId" <> ${orderId} ORDER BY "scoredAt" DESC LIMIT ${KEY_HISTORY_ORDERS}) r
    LEFT JOIN "OrderAnswer" a ON a."shop" = r."shop" AND a."orderId" = r."orderId" LIMIT ${KEY_HISTORY_ORDERS}) h`;

/** The earlier orders shipped to this address with another phone (or none): the phone's own are counted once. */
export async function addressHistory(
  shop: string,
  addressKey: string,
  phone: string | null,
  orderId: string,
): Promise<KeyHistory> {
  return toHistory((await prisma.$queryRaw<CountRow[]>(addressHistorySql(shop, addressKey, phone, orderId)))[0]);
}

export const addressHistorySql = (shop: string, addressKey: string, phone: string | null, orderId: string) =>
  Prisma.sql`
  ${KEY_COUNTS}
  FROM (SELECT a."answer", ${OUTCOME}
    FROM (SELECT "shop", "orderId" FROM "OrderRisk" WHERE "shop" = ${shop} AND "addressKey" = ${addressKey}
      AND "orderId" <> ${orderId} AND ("phone" IS NULL OR "phone" <> ${phone ?? ""})
      ORDER BY "scoredAt" DESC LIMIT ${KEY_HISTORY_ORDERS}) r
    LEFT JOIN "OrderAnswer" a ON a."shop" = r."shop" AND a."orderId" = r."orderId" LIMIT ${KEY_HISTORY_ORDERS}) h`;

type RateRow = { finished: number | bigint | string | null; returned: number | bigint | string | null };

const toRate = (row: RateRow | undefined): AreaRate => ({
  finished: num(row?.finished),
  returned: num(row?.returned),
});

const RATE_COUNTS = Prisma.sql`
  SELECT SUM(CASE WHEN h."outcome" > 0 THEN 1 ELSE 0 END) AS "finished",
    SUM(CASE WHEN h."outcome" = 2 THEN 1 ELSE 0 END) AS "returned"`;

/** Of the city's latest orders, how many parcels finished and how many of those came back. */
export async function cityRate(shop: string, city: string, orderId: string): Promise<AreaRate> {
  return toRate((await prisma.$queryRaw<RateRow[]>(cityRateSql(shop, city, orderId)))[0]);
}

export const cityRateSql = (shop: string, city: string, orderId: string) => Prisma.sql`
  ${RATE_COUNTS}
  FROM (SELECT ${OUTCOME}
    FROM (SELECT "shop", "orderId" FROM "OrderRisk" WHERE "shop" = ${shop} AND "city" = ${city}
      AND "orderId" <> ${orderId} ORDER BY "scoredAt" DESC LIMIT ${RATE_WINDOW_ORDERS}) r LIMIT ${RATE_WINDOW_ORDERS}) h`;

/** Of the product's latest orders, how many parcels finished and how many of those came back. */
export async function productRate(shop: string, productId: string, orderId: string): Promise<AreaRate> {
  return toRate((await prisma.$queryRaw<RateRow[]>(productRateSql(shop, productId, orderId)))[0]);
}

export const productRateSql = (shop: string, productId: string, orderId: string) => Prisma.sql`
  ${RATE_COUNTS}
  FROM (SELECT ${OUTCOME}
    FROM (SELECT "shop", "orderId" FROM "OrderRisk" WHERE "shop" = ${shop} AND "productId" = ${productId}
      AND "orderId" <> ${orderId} ORDER BY "scoredAt" DESC LIMIT ${RATE_WINDOW_ORDERS}) r LIMIT ${RATE_WINDOW_ORDERS}) h`;
