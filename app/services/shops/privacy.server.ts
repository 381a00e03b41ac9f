import { z } from "zod";
import prisma from "../../db.server";
import { deliveryPayloads } from "../deliveries/retention.server";
import { supplierJourneys } from "../journey/privacy.server";
import { orderRisks } from "../risk/privacy.server";
import { blockedPhones } from "../screening/blocklist.server";
import type { CustomerDataHolder, CustomerRef } from "./customer-data.server";
import { deleteShopData } from "./lifecycle.server";

export type { CustomerDataHolder, CustomerRef };

const customerPayload = z.object({
  shop_domain: z.string().optional(),
  customer: z
    .object({
      id: z.union([z.number(), z.string()]).nullish(),
      email: z.string().nullish(),
      phone: z.string().nullish(),
    })
    .nullish(),
  orders_requested: z.array(z.union([z.number(), z.string()])).optional(),
  orders_to_redact: z.array(z.union([z.number(), z.string()])).optional(),
  data_request: z.object({ id: z.union([z.number(), z.string()]) }).optional(),
});

/** The customer a privacy request names; a body that is not such a request (`[]`, `null`) names nobody. */
export function parseCustomerPayload(payload: unknown): CustomerRef {
  const result = customerPayload.safeParse(payload);
  if (!result.success) return { id: null, email: null, phone: null, orderIds: [] };
  const parsed = result.data;
  return {
    id: parsed.customer?.id == null ? null : String(parsed.customer.id),
    email: parsed.customer?.email ?? null,
    phone: parsed.customer?.phone ?? null,
    orderIds: (parsed.orders_requested ?? parsed.orders_to_redact ?? []).map(String),
  };
}

// Add a holder here when a table starts to keep customer data.
const holders: CustomerDataHolder[] = [deliveryPayloads, supplierJourneys, orderRisks, blockedPhones];

/** customers/data_request: records what is held, so the merchant can answer the customer. */
export async function recordDataRequest(shop: string, payload: unknown) {
  const customer = parseCustomerPayload(payload);
  const held: Record<string, number> = {};
  const listed: Record<string, unknown[]> = {};
  for (const holder of holders) {
    held[holder.name] = await holder.describe(shop, customer);
    if (holder.list) listed[holder.name] = await holder.list(shop, customer);
  }
  return prisma.privacyRequest.create({
    data: {
      shop,
      topic: "customers/data_request",
      customerId: customer.id,
      summary: JSON.stringify({ ordersRequested: customer.orderIds, held, listed }),
    },
  });
}

/** customers/redact: erases the customer's personal data from every holder. */
export async function redactCustomer(shop: string, payload: unknown) {
  const customer = parseCustomerPayload(payload);
  const erased: Record<string, number> = {};
  for (const holder of holders) erased[holder.name] = await holder.redact(shop, customer);
  return erased;
}

/** shop/redact: 48 hours after uninstall the platform asks for everything to go. */
export async function redactShop(shop: string) {
  return deleteShopData(shop);
}
