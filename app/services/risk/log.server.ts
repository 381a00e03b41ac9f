import prisma from "../../db.server";
import type { RiskLevelFilter, RiskSummary } from "../../lib/risk-log";
import { readOrderRisks } from "./store.server";

/** The most orders a level filter reads, newest scores first: the log's other filters' bound. */
const MAX_FILTERED_ORDERS = 5_000;

/** The store orders of one risk level, for the log's filter and the export. */
export async function ordersWithRiskLevel(shop: string, level: RiskLevelFilter): Promise<string[]> {
  const rows = await prisma.orderRisk.findMany({
    where: { shop, level },
    select: { orderId: true },
    orderBy: { scoredAt: "desc" },
    take: MAX_FILTERED_ORDERS,
  });
  return rows.map((row) => row.orderId);
}

/** Each order's score by its order id (none for a cart, a draft, or an order scored before scoring existed). */
export async function risksOfOrders(shop: string, orderIds: string[]): Promise<Map<string, RiskSummary>> {
  const risks = await readOrderRisks(shop, [...new Set(orderIds)]);
  return new Map(
    [...risks].map(([orderId, risk]) => [orderId, { score: risk.score, level: risk.level, reasons: risk.reasons }]),
  );
}
