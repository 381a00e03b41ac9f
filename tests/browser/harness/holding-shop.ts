import { randomUUID } from "node:crypto";
import { browserDatabase, seedDeliveries } from "./database";
import { configuredShop } from "./seed";
import { newShopFrom } from "./shops";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const REFUSED_CANCEL = "INVALID: Cannot cancel an order with outstanding fulfillments";

/**
 * A Colombian shop that holds orders until the buyer answers (docs/decisions/300): #4001 sent, its flow finished, the
 * buyer not yet answered; #4002 refused and cancelled by the app; #4003 held by the no-mobile rule (never sent);
 * #4004 waiting for the sending hours; #4005 confirmed and released; #4006 whose cancel the store refused.
 */
export async function holdingShop() {
  const seeded = await newShopFrom("three-facts", configuredShop());
  const { shop, deliveryId: id } = seeded;
  const db = browserDatabase();
  await db.shopTimeZone.create({ data: { shop, timeZone: "America/Bogota", fetchedAt: new Date() } });
  await db.holdSettings.create({ data: { shop, enabled: true, codOnly: false, onRefused: "cancel" } });
  await db.answerRuleSet.create({
    data: {
      shop,
      rules: JSON.stringify([
        { answer: "confirmed", tag: "confirmado" },
        { answer: "refused", tag: "cancelado" },
      ]),
    },
  });
  const gid = (name: string) => `gid://shopify/Order/8${name}`;
  const order = (name: string, fields: Record<string, unknown>) => ({
    id: id(name),
    eventId: `event:${randomUUID()}`,
    topic: "orders/create",
    orderName: `#${name}`,
    orderId: gid(name),
    flowId: "flow_nuevos",
    status: "delivered",
    callbackStatus: "success",
    callbackAt: minutesAgo(20),
    tagsApplied: JSON.stringify(["automation-processed"]),
    attempts: 1,
    deliveredAt: minutesAgo(30),
    createdAt: minutesAgo(31),
    ...fields,
  });
  const notSent = { callbackStatus: null, callbackAt: null, deliveredAt: null, tagsApplied: "[]" };
  await seedDeliveries(shop, [
    order("4001", {}),
    order("4002", {}),
    order("4003", {
      ...notSent,
      status: "skipped",
      lastErrorCode: "held_no_mobile",
      lastErrorParams: JSON.stringify({ reason: "fixed_line" }),
      lastError: "Held: the buyer's phone is no usable mobile number",
    }),
    order("4004", {
      ...notSent,
      status: "queued",
      attempts: 0,
      lastErrorCode: "waiting_for_window",
      lastErrorParams: JSON.stringify({ opensAt: "08:00" }),
      lastError: "Outside the sending hours",
      nextAttemptAt: new Date(Date.now() + 10 * 3_600_000),
    }),
    order("4005", {}),
    order("4006", {}),
  ]);
  const answered = (name: string, answer: string) => ({
    shop,
    orderId: gid(name),
    orderName: `#${name}`,
    deliveryId: id(name),
    flowId: "flow_nuevos",
    answer,
    answeredAt: new Date(minutesAgo(30).getTime() + 40_000),
    waitingSince: minutesAgo(30),
  });
  await db.orderAnswer.createMany({ data: [answered("4002", "refused"), answered("4005", "confirmed")] });
  const task = (name: string, kind: string, fields: Record<string, unknown> = {}) => ({
    shop,
    kind,
    subject: kind === "hold" ? `gid://shopify/FulfillmentOrder/8${name}` : gid(name),
    orderId: gid(name),
    reason: kind === "hold" ? "routed" : "refused",
    status: "done",
    platformRef: `ref-${kind}-${name}`,
    doneAt: minutesAgo(29),
    ...fields,
  });
  await db.fulfilmentTask.createMany({
    data: [
      ...["4001", "4002", "4003", "4004", "4005", "4006"].map((name) => task(name, "hold")),
      task("4002", "cancel", { doneAt: minutesAgo(5) }),
      task("4005", "release", { reason: "confirmed", doneAt: minutesAgo(5) }),
      task("4006", "cancel", { status: "given_up", platformRef: null, doneAt: null, lastProblem: REFUSED_CANCEL }),
    ],
  });
  return seeded;
}
