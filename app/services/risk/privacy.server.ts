import prisma from "../../db.server";
import { env } from "../../env.server";
import type { CustomerDataHolder, CustomerRef } from "../shops/customer-data.server";
import { parseReasons } from "./store.server";

/**
 * The scores and the history behind them (OrderRisk: the phone, the address's digest, the city, the product) are the
 * buyer's data (docs/decisions/334): a buyer's data request lists them, a redaction erases the buyer's rows (by
 * phone and by the orders named), and past the retention period every row goes, so no later score reads them.
 */

// Fewer digits than this could match an unrelated number (an extension, a short code).
const MIN_PHONE_DIGITS = 7;

/** The rows of the customer: the orders the request names, and every order placed with the customer's phone. */
function customerRows(shop: string, customer: CustomerRef) {
  const orderIds = customer.orderIds.map((id) => `gid://shopify/Order/${id}`);
  const digits = customer.phone?.replace(/\D/g, "") ?? "";
  // Stored in E.164; the request's phone may come without the country code: its last digits are matched.
  const byPhone =
    digits.length >= MIN_PHONE_DIGITS ? [{ phone: { endsWith: digits.slice(-MIN_PHONE_DIGITS - 3) } }] : [];
  return { shop, OR: [{ orderId: { in: orderIds } }, ...byPhone] };
}

export const orderRisks: CustomerDataHolder = {
  name: "orderRisks",
  describe: (shop, customer) => prisma.orderRisk.count({ where: customerRows(shop, customer) }),
  async list(shop, customer) {
    const rows = await prisma.orderRisk.findMany({ where: customerRows(shop, customer), orderBy: { scoredAt: "asc" } });
    return rows.map((row) => ({
      order: row.orderName ?? row.orderId,
      score: row.score,
      level: row.level,
      reasons: parseReasons(row.reasons),
      scoredAt: row.scoredAt.toISOString(),
      used: { phone: row.phone, address: row.addressKey ? "digest" : null, city: row.city, product: row.productId },
    }));
  },
  async redact(shop, customer) {
    return (await prisma.orderRisk.deleteMany({ where: customerRows(shop, customer) })).count;
  },
};

/** Past the retention period (DELIVERY_RETENTION_DAYS) a score and its keys go: the history is that long. */
export async function purgeExpiredRisks(now = new Date()) {
  const cutoff = new Date(now.getTime() - env().DELIVERY_RETENTION_DAYS * 86_400_000);
  return (await prisma.orderRisk.deleteMany({ where: { scoredAt: { lt: cutoff } } })).count;
}
