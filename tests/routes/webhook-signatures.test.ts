import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { countShopRecords, createFullShop, restOrder } from "../helpers/factories";
import { webhookRequest } from "../helpers/requests";

type Action = (args: { request: Request }) => Promise<Response>;

/** Every webhook receiver of the app, with a body of its topic. */
const RECEIVERS: { topic: string; path: string; load: () => Promise<Action>; body: unknown }[] = [
  {
    topic: "orders/create",
    path: "/webhooks/orders/create",
    load: async () => (await import("~/routes/webhooks.orders.create")).action,
    body: restOrder(),
  },
  {
    topic: "draft_orders/create",
    path: "/webhooks/draft_orders/create",
    load: async () => (await import("~/routes/webhooks.draft_orders.create")).action,
    body: { ...restOrder(), name: "#D1" },
  },
  {
    topic: "checkouts/create",
    path: "/webhooks/checkouts/create",
    load: async () => (await import("~/routes/webhooks.checkouts.create")).action,
    body: { ...restOrder(), token: "chk-1" },
  },
  {
    topic: "app/uninstalled",
    path: "/webhooks/app/uninstalled",
    load: async () => (await import("~/routes/webhooks.app.uninstalled")).action,
    body: {},
  },
  {
    topic: "app/scopes_update",
    path: "/webhooks/app/scopes_update",
    load: async () => (await import("~/routes/webhooks.app.scopes_update")).action,
    body: { current: ["read_orders"] },
  },
  {
    topic: "customers/data_request",
    path: "/webhooks/compliance",
    load: async () => (await import("~/routes/webhooks.compliance")).action,
    body: { customer: { id: 1 } },
  },
  {
    topic: "customers/redact",
    path: "/webhooks/compliance",
    load: async () => (await import("~/routes/webhooks.compliance")).action,
    body: { customer: { id: 1 } },
  },
  {
    topic: "shop/redact",
    path: "/webhooks/compliance",
    load: async () => (await import("~/routes/webhooks.compliance")).action,
    body: {},
  },
];

describe("every webhook receiver checks the signature", () => {
  for (const receiver of RECEIVERS) {
    for (const [label, signature] of [
      ["a wrong", "d3Jvbmc="],
      ["a missing", null],
    ] as const) {
      it(`${receiver.topic}: ${label} signature gets 401 and changes nothing`, async () => {
        const shop = await createFullShop();
        const before = { records: await countShopRecords(shop), deliveries: await prisma.delivery.count() };
        const action = await receiver.load();
        const response = await action({
          request: webhookRequest(receiver.path, receiver.body, { shop, topic: receiver.topic, signature }),
        });
        expect(response.status).toBe(401);
        expect({ records: await countShopRecords(shop), deliveries: await prisma.delivery.count() }).toEqual(before);
      });
    }
  }
});
