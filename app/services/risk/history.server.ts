import { appConnection, Fragment, fragment, statement } from "../../lib/statement.server";
import { KEY_HISTORY_ORDERS, RATE_WINDOW_ORDERS, type AreaRate, type KeyHistory } from "./weights";

/**
 * The facts a score reads from THIS shop's history (docs/decisions/334): every earlier scored order (OrderRisk, one
 * row per order with its phone, address digest, city and product) and, per order, what the buyer answered
 * (OrderAnswer) and how its parcels ended (SupplierOrder's stage). One statement on the order path's connection
 * (docs/decisions/120, 160), four bounded reads in it: a key's latest KEY_HISTORY_ORDERS orders, a city's or a
 * product's latest RATE_WINDOW_ORDERS, each found through OrderRisk's (shop, key, scoredAt) index, then each row's
 * answer and parcels through their (shop, orderId) indexes (tests/services/risk/history-plan.test.ts holds both
 * engines to it). A key the order has not (no phone, no address) matches nothing.
 */

export interface HistoryKeys {
  shop: string;
  orderId: string;
  phone: string | null;
  addressKey: string | null;
  city: string | null;
  productId: string | null;
}

export interface HistoryFacts {
  phone: KeyHistory;
  address: KeyHistory;
  city: AreaRate;
  product: AreaRate;
}

/**
 * Per history row, how its parcels ended: 2 when one came back (returned, or refused at the door), 1 when one was
 * delivered, 0 otherwise. One read per row, through SupplierOrder's (shop, orderId) index whatever the stage: a
 * condition on the stage itself would let a planner pick the (shop, stage) index and read every delivered parcel.
 */
const OUTCOME = fragment`
  (SELECT MAX(CASE WHEN s."stage" IN ('returned', 'rejected') THEN 2 WHEN s."stage" = 'delivered' THEN 1 ELSE 0 END)
    FROM "SupplierOrder" s WHERE s."shop" = r."shop" AND s."orderId" = r."orderId") AS "outcome"`;

// The rows "h" carry a LIMIT (their own bound) so SQLite does not flatten them into the sums, which would read each
// row's outcome once per sum that names it.
const keyCounts = (prefix: string) => `
  COUNT(*) AS "${prefix}Orders",
  SUM(CASE WHEN h."answer" = 'refused' THEN 1 ELSE 0 END) AS "${prefix}Refused",
  SUM(CASE WHEN h."answer" = 'no_answer' THEN 1 ELSE 0 END) AS "${prefix}NoAnswer",
  SUM(CASE WHEN h."outcome" = 2 THEN 1 ELSE 0 END) AS "${prefix}Returned",
  SUM(CASE WHEN h."outcome" = 1 THEN 1 ELSE 0 END) AS "${prefix}Delivered"`;

const rateCounts = (prefix: string) => `
  SUM(CASE WHEN h."outcome" > 0 THEN 1 ELSE 0 END) AS "${prefix}Finished",
  SUM(CASE WHEN h."outcome" = 2 THEN 1 ELSE 0 END) AS "${prefix}Returned"`;

const PHONE_COUNTS = keyCounts("phone");
const ADDRESS_COUNTS = keyCounts("address");
const CITY_COUNTS = rateCounts("city");
const PRODUCT_COUNTS = rateCounts("product");

const LATEST_KEY = String(KEY_HISTORY_ORDERS);
const LATEST_AREA = String(RATE_WINDOW_ORDERS);

/** The four reads, one row. */
export const historyStatement = statement<HistoryKeys>`
  SELECT * FROM
  (SELECT ${new Fragment([PHONE_COUNTS], [])} FROM (SELECT a."answer", ${OUTCOME}
    FROM (SELECT "shop", "orderId" FROM "OrderRisk" WHERE "shop" = ${"shop"} AND "phone" = ${"phone"}
      AND "orderId" <> ${"orderId"} ORDER BY "scoredAt" DESC LIMIT ${new Fragment([LATEST_KEY], [])}) r
    LEFT JOIN "OrderAnswer" a ON a."shop" = r."shop" AND a."orderId" = r."orderId"
    LIMIT ${new Fragment([LATEST_KEY], [])}) h) p,
  (SELECT ${new Fragment([ADDRESS_COUNTS], [])} FROM (SELECT a."answer", ${OUTCOME}
    FROM (SELECT "shop", "orderId" FROM "OrderRisk" WHERE "shop" = ${"shop"} AND "addressKey" = ${"addressKey"}
      AND "orderId" <> ${"orderId"} AND ("phone" IS NULL OR "phone" <> COALESCE(${"phone"}, ''))
      ORDER BY "scoredAt" DESC LIMIT ${new Fragment([LATEST_KEY], [])}) r
    LEFT JOIN "OrderAnswer" a ON a."shop" = r."shop" AND a."orderId" = r."orderId"
    LIMIT ${new Fragment([LATEST_KEY], [])}) h) ad,
  (SELECT ${new Fragment([CITY_COUNTS], [])} FROM (SELECT ${OUTCOME}
    FROM (SELECT "shop", "orderId" FROM "OrderRisk" WHERE "shop" = ${"shop"} AND "city" = ${"city"}
      AND "orderId" <> ${"orderId"} ORDER BY "scoredAt" DESC LIMIT ${new Fragment([LATEST_AREA], [])}) r
    LIMIT ${new Fragment([LATEST_AREA], [])}) h) c,
  (SELECT ${new Fragment([PRODUCT_COUNTS], [])} FROM (SELECT ${OUTCOME}
    FROM (SELECT "shop", "orderId" FROM "OrderRisk" WHERE "shop" = ${"shop"} AND "productId" = ${"productId"}
      AND "orderId" <> ${"orderId"} ORDER BY "scoredAt" DESC LIMIT ${new Fragment([LATEST_AREA], [])}) r
    LIMIT ${new Fragment([LATEST_AREA], [])}) h) pr`;

type Count = number | bigint | string | null;
const num = (value: Count | undefined) => Number(value ?? 0);

/** The order's four histories, read in one statement. */
export async function readHistory(keys: HistoryKeys): Promise<HistoryFacts> {
  const row = (await appConnection().query<Record<string, Count>, HistoryKeys>(historyStatement, keys))[0] ?? {};
  const history = (prefix: string): KeyHistory => ({
    orders: num(row[`${prefix}Orders`]),
    refused: num(row[`${prefix}Refused`]),
    noAnswer: num(row[`${prefix}NoAnswer`]),
    returned: num(row[`${prefix}Returned`]),
    delivered: num(row[`${prefix}Delivered`]),
  });
  const rate = (prefix: string): AreaRate => ({
    finished: num(row[`${prefix}Finished`]),
    returned: num(row[`${prefix}Returned`]),
  });
  return { phone: history("phone"), address: history("address"), city: rate("city"), product: rate("product") };
}
