import prisma from "../../db.server";
import { env } from "../../env.server";
import type { CustomerDataHolder, CustomerRef } from "../shops/customer-data.server";
import { buyerContacts } from "./event-keys.server";

/**
 * Order payloads hold customer data (names, phones, addresses). Past the retention period
 * (DELIVERY_RETENTION_DAYS, default 30) only the delivery record stays: ids, status, attempts, tags.
 * Deliveries still waiting keep theirs: they cannot go out without it.
 */
export async function purgeExpiredPayloads(now = new Date()) {
  const cutoff = new Date(now.getTime() - env().DELIVERY_RETENTION_DAYS * 86_400_000);
  const { count } = await prisma.delivery.updateMany({
    where: {
      createdAt: { lt: cutoff },
      payload: { not: null },
      status: { in: ["delivered", "flow_failed", "dead", "skipped"] },
    },
    data: { payload: null, buyer: null, payloadPurgedAt: now, customerId: null },
  });
  return count;
}

const SCAN_BATCH = 500;
const REDACTED = "[redacted]";

const normalEmail = (email: string) => email.trim().toLowerCase();
/** Phones are compared by their digits: `+57 300 111 2233` and `573001112233` are one number. */
const phoneDigits = (phone: string) => phone.replace(/\D/g, "");
// Fewer digits than this could match an unrelated number (an extension, a short code).
const MIN_PHONE_DIGITS = 6;

/** The customer's identifiers in the forms they are compared in. */
function identifiersOf(customer: CustomerRef) {
  const digits = customer.phone ? phoneDigits(customer.phone) : "";
  return {
    email: customer.email?.trim() ? normalEmail(customer.email) : null,
    phone: digits.length >= MIN_PHONE_DIGITS ? digits : null,
    orderIds: customer.orderIds,
    orderGids: customer.orderIds.map((id) => `gid://shopify/Order/${id}`),
  };
}

/** Whether a stored body names the customer by email or phone. */
function payloadNames(payload: string, ids: ReturnType<typeof identifiersOf>) {
  if (!ids.email && !ids.phone) return false;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return false;
  }
  const { emails, phones } = buyerContacts(body);
  return (
    (ids.email !== null && emails.some((email) => normalEmail(email) === ids.email)) ||
    (ids.phone !== null && phones.some((phone) => phoneDigits(phone) === ids.phone))
  );
}

/** Walks a shop's deliveries that match `where`, in batches, so a large shop is never loaded at once. */
async function* scanDeliveries<T extends { id: string }>(
  read: (cursor: string | undefined) => Promise<T[]>,
): AsyncGenerator<T> {
  let cursor: string | undefined;
  for (;;) {
    const rows = await read(cursor);
    yield* rows;
    if (rows.length < SCAN_BATCH) return;
    cursor = rows[rows.length - 1].id;
  }
}

/**
 * The ids of the customer's deliveries that still hold a body: by customer id, by the orders named in the request
 * (numeric or GraphQL id), the abandoned checkouts those orders came from (a guest's checkout carries no customer
 * id, only the same tokens), and every body that names the customer's email or phone (docs/decisions/072).
 */
async function customerDeliveryIds(shop: string, customer: CustomerRef): Promise<string[]> {
  const ids = identifiersOf(customer);
  if (!customer.id && !ids.orderIds.length && !ids.email && !ids.phone) return [];
  const orders = ids.orderIds.length
    ? await prisma.delivery.findMany({
        where: {
          shop,
          topic: "orders/create",
          OR: [{ resourceId: { in: ids.orderIds } }, { orderId: { in: ids.orderGids } }],
        },
        select: { checkoutToken: true, cartToken: true },
      })
    : [];
  const checkoutTokens = orders.flatMap((order) => (order.checkoutToken ? [order.checkoutToken] : []));
  const cartTokens = orders.flatMap((order) => (order.cartToken ? [order.cartToken] : []));
  const matches = [
    ...(customer.id ? [{ customerId: customer.id }] : []),
    ...(ids.orderIds.length
      ? [{ topic: "orders/create", OR: [{ resourceId: { in: ids.orderIds } }, { orderId: { in: ids.orderGids } }] }]
      : []),
    ...(checkoutTokens.length ? [{ checkoutToken: { in: checkoutTokens }, topic: "checkouts/create" }] : []),
    ...(cartTokens.length ? [{ cartToken: { in: cartTokens }, topic: "checkouts/create" }] : []),
  ];
  const found = new Set<string>();
  if (matches.length) {
    const rows = await prisma.delivery.findMany({
      where: { shop, payload: { not: null }, OR: matches },
      select: { id: true },
    });
    for (const row of rows) found.add(row.id);
  }
  if (ids.email || ids.phone) {
    const rows = scanDeliveries((cursor) =>
      prisma.delivery.findMany({
        where: { shop, payload: { not: null }, ...(cursor ? { id: { gt: cursor } } : {}) },
        select: { id: true, payload: true },
        orderBy: { id: "asc" },
        take: SCAN_BATCH,
      }),
    );
    for await (const row of rows) if (row.payload && payloadNames(row.payload, ids)) found.add(row.id);
  }
  return [...found];
}

/** A text with the customer's email and phone (in any spacing) replaced; null when it named neither. */
function scrubbed(text: string, ids: ReturnType<typeof identifiersOf>): string | null {
  let result = text;
  if (ids.email) {
    const escaped = ids.email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    result = result.replace(new RegExp(escaped, "gi"), REDACTED);
  }
  if (ids.phone) {
    // The digits with anything but digits between them: `+57 300-111 2233` as well as `573001112233`.
    const spaced = ids.phone.split("").join("[^0-9A-Za-z]{0,3}");
    result = result.replace(new RegExp(`(?<![0-9])${spaced}(?![0-9])`, "g"), REDACTED);
  }
  return result === text ? null : result;
}

/**
 * Removes the customer's email and phone from the attempt logs and last errors (sentence and parameters) of the shop's deliveries: an
 * automation platform's error message may echo them, and these records outlive the body.
 */
async function scrubAttemptLogs(shop: string, customer: CustomerRef): Promise<string[]> {
  const ids = identifiersOf(customer);
  if (!ids.email && !ids.phone) return [];
  const changed: string[] = [];
  const rows = scanDeliveries((cursor) =>
    prisma.delivery.findMany({
      where: {
        shop,
        OR: [{ attemptLog: { not: "[]" } }, { lastError: { not: null } }, { lastErrorParams: { not: null } }],
        ...(cursor ? { id: { gt: cursor } } : {}),
      },
      select: { id: true, attemptLog: true, lastError: true, lastErrorParams: true },
      orderBy: { id: "asc" },
      take: SCAN_BATCH,
    }),
  );
  for await (const row of rows) {
    const log = scrubbed(row.attemptLog, ids);
    const lastError = row.lastError ? scrubbed(row.lastError, ids) : null;
    // The upstream's own words are kept as a parameter of the error's code too (docs/decisions/130).
    const lastErrorParams = row.lastErrorParams ? scrubbed(row.lastErrorParams, ids) : null;
    if (log === null && lastError === null && lastErrorParams === null) continue;
    await prisma.delivery.update({
      where: { id: row.id },
      data: {
        ...(log !== null ? { attemptLog: log } : {}),
        ...(lastError !== null ? { lastError } : {}),
        ...(lastErrorParams !== null ? { lastErrorParams } : {}),
      },
    });
    changed.push(row.id);
  }
  return changed;
}

/** customers/data_request and customers/redact reach the stored order payloads and attempt logs through this holder. */
export const deliveryPayloads: CustomerDataHolder = {
  name: "orderDeliveries",
  async describe(shop, customer) {
    return (await customerDeliveryIds(shop, customer)).length;
  },
  async redact(shop, customer) {
    const ids = await customerDeliveryIds(shop, customer);
    for (let start = 0; start < ids.length; start += SCAN_BATCH) {
      await prisma.delivery.updateMany({
        where: { shop, id: { in: ids.slice(start, start + SCAN_BATCH) } },
        data: { payload: null, buyer: null, payloadPurgedAt: new Date(), customerId: null },
      });
    }
    const scrubbedLogs = await scrubAttemptLogs(shop, customer);
    return new Set([...ids, ...scrubbedLogs]).size;
  },
};
