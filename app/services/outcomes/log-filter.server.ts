import type { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import type { OutcomeDimension, OutcomeFilter, OutcomeMeasure } from "../../lib/outcomes";
import { FILTER_MAX_ORDERS } from "../journey/log.server";

/** The projection's column each dimension is keyed by (docs/decisions/332). */
const KEY_COLUMN: Record<OutcomeDimension, keyof Prisma.OrderOutcomeWhereInput> = {
  product: "productKey",
  city: "cityKey",
  department: "departmentKey",
  carrier: "carrierKey",
  flow: "flowId",
  answer: "answer",
};

const MEASURE_WHERE: Record<OutcomeMeasure, Prisma.OrderOutcomeWhereInput> = {
  orders: {},
  confirmed: { answer: "confirmed" },
  shipped: { shipped: true },
  onTheWay: { parcel: "on_the_way" },
  delivered: { parcel: "delivered" },
  returned: { parcel: "returned" },
  incident: { parcel: "incident" },
};

/** The store orders behind one figure of the outcomes, the latest days' first, at most as many as a log filter holds. */
export async function ordersWithOutcome(shop: string, filter: OutcomeFilter): Promise<string[]> {
  const rows = await prisma.orderOutcome.findMany({
    where: {
      shop,
      day: { gte: filter.from, lte: filter.to },
      ...(filter.dimension === "all" ? {} : { [KEY_COLUMN[filter.dimension]]: filter.key }),
      ...MEASURE_WHERE[filter.measure],
    },
    select: { orderId: true },
    orderBy: { day: "desc" },
    take: FILTER_MAX_ORDERS,
  });
  return rows.map((row) => row.orderId);
}
