import type { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import {
  incidentAnswerOfKey,
  type OutcomeDimension,
  type OutcomeFilter,
  type OutcomeMeasure,
} from "../../lib/outcomes";
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
      ...keyWhere(filter),
      ...MEASURE_WHERE[filter.measure],
    },
    select: { orderId: true },
    orderBy: { day: "desc" },
    take: FILTER_MAX_ORDERS,
  });
  return rows.map((row) => row.orderId);
}

/** The figure's row: a dimension's key, or (by answer) an incident's answer, kept in its own column (340). */
function keyWhere(filter: OutcomeFilter): Prisma.OrderOutcomeWhereInput {
  if (filter.dimension === "all") return {};
  const incidentAnswer = filter.dimension === "answer" ? incidentAnswerOfKey(filter.key) : null;
  if (incidentAnswer !== null) return { incidentAnswer };
  return { [KEY_COLUMN[filter.dimension]]: filter.key };
}
