import type { OrderRisk } from "@prisma/client";
import prisma from "../../db.server";
import { appConnection, statement } from "../../lib/statement.server";

export type RiskLevel = "low" | "medium" | "high";

/** One reason behind a score: a stable code the pages word (es/en), the points it added and the figures it names. */
export interface RiskReason {
  code: string;
  points: number;
  values?: Record<string, string | number>;
}

export interface ScoredOrderRisk {
  shop: string;
  orderId: string;
  orderName?: string | null;
  phone?: string | null;
  score: number;
  level: RiskLevel;
  reasons: RiskReason[];
  scoredAt: Date;
  /** What the next orders' scores read (docs/decisions/334): the address's digest, the folded city, the product. */
  addressKey?: string | null;
  city?: string | null;
  productId?: string | null;
}

export interface StoredOrderRisk extends ScoredOrderRisk {
  assessmentSentAt: Date | null;
}

type RiskRow = {
  shop: string;
  orderId: string;
  orderName: string | null;
  phone: string | null;
  score: number;
  level: string;
  reasons: string;
  scoredAt: Date;
  addressKey: string | null;
  city: string | null;
  productId: string | null;
};

/**
 * The score's save, as one statement on the order path's connection (docs/decisions/163, 344): Prisma's upsert was the
 * one call through the client left on the path per order. The same text serves both engines: the VALUES take their
 * types from the columns, and SQLite takes ON CONFLICT ... DO UPDATE with `excluded` as PostgreSQL does.
 */
export const saveRiskStatement = statement<RiskRow>`
  INSERT INTO "OrderRisk" ("shop", "orderId", "orderName", "phone", "score", "level", "reasons", "scoredAt",
    "addressKey", "city", "productId")
  VALUES (${"shop"}, ${"orderId"}, ${"orderName"}, ${"phone"}, ${"score"}, ${"level"}, ${"reasons"}, ${"scoredAt"},
    ${"addressKey"}, ${"city"}, ${"productId"})
  ON CONFLICT ("shop", "orderId") DO UPDATE SET "orderName" = excluded."orderName", "phone" = excluded."phone",
    "score" = excluded."score", "level" = excluded."level", "reasons" = excluded."reasons",
    "scoredAt" = excluded."scoredAt", "addressKey" = excluded."addressKey", "city" = excluded."city",
    "productId" = excluded."productId"`;

/** Records an order's score; scoring the same order again replaces it (the history may have moved). */
export async function saveOrderRisk(risk: ScoredOrderRisk): Promise<void> {
  await appConnection().execute(saveRiskStatement, {
    shop: risk.shop,
    orderId: risk.orderId,
    orderName: risk.orderName ?? null,
    phone: risk.phone ?? null,
    score: risk.score,
    level: risk.level,
    reasons: JSON.stringify(risk.reasons),
    scoredAt: risk.scoredAt,
    addressKey: risk.addressKey ?? null,
    city: risk.city ?? null,
    productId: risk.productId ?? null,
  });
}

/** Raw values from either engine: a date comes back as a Date (PostgreSQL) or its ISO text (SQLite). */
type StoredRiskRow = Omit<RiskRow, "scoredAt" | "score"> & {
  score: number | bigint;
  scoredAt: Date | string;
  assessmentSentAt: Date | string | null;
};

const readRiskStatement = statement<{ shop: string; orderId: string }>`
  SELECT "shop", "orderId", "orderName", "phone", "score", "level", "reasons", "scoredAt", "addressKey", "city",
    "productId", "assessmentSentAt"
  FROM "OrderRisk" WHERE "shop" = ${"shop"} AND "orderId" = ${"orderId"}`;

const markSentStatement = statement<{ shop: string; orderId: string; at: Date }>`
  UPDATE "OrderRisk" SET "assessmentSentAt" = ${"at"} WHERE "shop" = ${"shop"} AND "orderId" = ${"orderId"}`;

/**
 * One order's score, on the app's connection: the score job and the assessment job read it for every order, and
 * through the client each read cost more than the statement itself (docs/decisions/344).
 */
export async function readOrderRisk(shop: string, orderId: string): Promise<StoredOrderRisk | null> {
  const [row] = await appConnection().query<StoredRiskRow, { shop: string; orderId: string }>(readRiskStatement, {
    shop,
    orderId,
  });
  if (!row) return null;
  return fromRow({
    ...row,
    score: Number(row.score),
    scoredAt: new Date(row.scoredAt),
    assessmentSentAt: row.assessmentSentAt === null ? null : new Date(row.assessmentSentAt),
  });
}

/** The scores of many orders of one shop, by order gid (a page's rows). */
export async function readOrderRisks(shop: string, orderIds: string[]): Promise<Map<string, StoredOrderRisk>> {
  if (orderIds.length === 0) return new Map();
  const rows = await prisma.orderRisk.findMany({ where: { shop, orderId: { in: orderIds } } });
  return new Map(rows.map((row) => [row.orderId, fromRow(row)]));
}

export async function markAssessmentSent(shop: string, orderId: string, at: Date): Promise<void> {
  await appConnection().execute(markSentStatement, { shop, orderId, at });
}

function fromRow(row: OrderRisk): StoredOrderRisk {
  return {
    shop: row.shop,
    orderId: row.orderId,
    orderName: row.orderName,
    phone: row.phone,
    score: row.score,
    level: row.level as RiskLevel,
    reasons: parseReasons(row.reasons),
    scoredAt: row.scoredAt,
    addressKey: row.addressKey,
    city: row.city,
    productId: row.productId,
    assessmentSentAt: row.assessmentSentAt,
  };
}

export function parseReasons(text: string): RiskReason[] {
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? (parsed as RiskReason[]) : [];
}
