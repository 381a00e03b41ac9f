import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { retryDelivery, summarizeDelivery } from "./queries.server";
import { wakeWorker } from "./worker.server";

/**
 * "Retry" on one delivery: a retrying one is sent now instead of at its scheduled time (its attempt count and
 * schedule continue); a dead or skipped one is replayed (retryDelivery). Anything else is answered as it is.
 */
export async function retryNow(shop: string, id: string, now = new Date()) {
  const updated = await prisma.delivery.updateMany({
    where: { id, shop, status: "retrying" },
    data: { nextAttemptAt: now },
  });
  if (updated.count === 0) return retryDelivery(shop, id, now);
  wakeWorker();
  const delivery = await prisma.delivery.findFirst({ where: { id, shop } });
  if (!delivery) throw new AppError(404, "Delivery not found", "not_found");
  return summarizeDelivery(delivery);
}
