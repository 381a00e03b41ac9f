import { z } from "zod";
import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { oweJourneyTriggers } from "./flow-triggers.server";
import { applyStatusEvents, insertStatusEvent } from "./record.server";

/** The callback's optional supplier fields, each under its camelCase or snake_case name (docs/decisions/322). */
const NAMES = {
  supplierOrderId: ["supplierOrderId", "supplier_order_id"],
  guide: ["shippingGuide", "shipping_guide"],
  carrier: ["shippingCompany", "shipping_company"],
  status: ["supplierStatus", "supplier_status"],
} as const;

const value = (max: number) =>
  z
    .union([z.string(), z.number()], { invalid_type_error: "must be a string or a number" })
    .transform((raw) => String(raw).trim().slice(0, max) || undefined)
    .optional();
const fields = z.object({ supplierOrderId: value(60), guide: value(100), carrier: value(100), status: value(80) });

export type CallbackJourneyFields = z.output<typeof fields>;

/** The supplier fields a callback carries, or a 400 naming the field as it was sent; none: null. */
export function callbackJourneyFields(input: Record<string, unknown>): CallbackJourneyFields | null {
  const picked: Record<string, unknown> = {};
  const sentAs: Record<string, string> = {};
  for (const [field, names] of Object.entries(NAMES)) {
    const name = names.find((candidate) => input[candidate] !== undefined && input[candidate] !== null);
    if (name) {
      picked[field] = input[name];
      sentAs[field] = name;
    }
  }
  const parsed = fields.safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw AppError.forField(sentAs[String(issue.path[0])] ?? "body", issue.message);
  }
  const found = parsed.data;
  if (!found.supplierOrderId) {
    if (found.status || found.guide || found.carrier) throw AppError.forField(NAMES.supplierOrderId[0], "is required");
    return null;
  }
  return found;
}

/**
 * The flow placed the order at the supplier: its supplier order is recorded against the store order the callback
 * names, with the status it reported as an event from the callback. Without a status there is no event to
 * record, only the supplier order and its link (its first push or poll gives its stage).
 */
export async function recordCallbackJourney(
  shop: string,
  order: { id: string; name: string | null },
  found: CallbackJourneyFields,
) {
  const supplierOrderId = found.supplierOrderId!;
  const storeOrder = { orderId: order.id, orderName: order.name };
  if (found.status) {
    await insertStatusEvent(shop, "callback", {
      supplierOrderId,
      rawStatus: found.status,
      guide: found.guide,
      carrier: found.carrier,
      shopOrderRef: order.id,
    });
    const applied = await applyStatusEvents(shop, supplierOrderId, { storeOrder });
    await oweJourneyTriggers(shop, supplierOrderId);
    return applied;
  }
  return linkSupplierOrder(shop, supplierOrderId, storeOrder, found);
}

async function linkSupplierOrder(
  shop: string,
  supplierOrderId: string,
  storeOrder: { orderId: string; orderName: string | null },
  found: CallbackJourneyFields,
) {
  const details = {
    ...(found.guide ? { guide: found.guide } : {}),
    ...(found.carrier ? { carrier: found.carrier } : {}),
  };
  return prisma.supplierOrder.upsert({
    where: { shop_supplierOrderId: { shop, supplierOrderId } },
    create: {
      shop,
      supplierOrderId,
      ...storeOrder,
      matchedBy: "callback",
      shopOrderRef: storeOrder.orderId,
      ...details,
    },
    // The callback names the store order itself: it wins over a match by phone and total.
    update: { ...storeOrder, matchedBy: "callback", ...details },
  });
}
