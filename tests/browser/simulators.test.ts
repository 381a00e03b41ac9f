import { describe, expect, inject, it } from "vitest";
import { sessionToken } from "../helpers/requests";
import { newShop } from "./harness/database";
import { configuredShop } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { automationTriggers, platformOrders, seedPlatformShop, supplierRequests } from "./harness/simulator-seed";

/**
 * The harness's outside systems (docs/decisions/133): the app under test is pointed at the simulators, and what a
 * test seeds for its shop is what the app's services read, through the same services the pages' loaders call.
 * Here through the JSON routes, as the admin's extensions call them, with a session token for the test's shop.
 */
const appUrl = inject("appUrl");

async function appGet(shop: string, path: string) {
  const response = await fetch(`${appUrl}${path}`, {
    headers: {
      Authorization: `Bearer ${await sessionToken(shop)}`,
      "User-Agent":
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("browser harness: simulators seeded per shop", () => {
  it("lists the flows of the shop's own automation account, and refuses another shop's unseeded key", async () => {
    const { shop, automationApiKey } = await newShopFrom("flows", configuredShop());
    const answer = await appGet(shop, "/api/automation/flows");
    expect(answer.status).toBe(200);
    expect((answer.body.flows as { id: string; name: string }[]).map((flow) => flow.name)).toEqual([
      "Confirmación de pedido COD",
      "Recuperar carrito abandonado",
      "Envío de guía",
    ]);
    expect(automationApiKey).toMatch(/41c7$/);
    expect(await automationTriggers(automationApiKey!)).toEqual([]);

    const bare = await newShop("no-settings");
    const refused = await appGet(bare, "/api/automation/flows");
    expect(refused).toMatchObject({ status: 400, body: { success: false, code: "not_configured" } });
  });

  it("reads the shop's supplier catalogue with its own token", async () => {
    const { shop, supplierToken } = await newShopFrom("catalogue", configuredShop());
    const answer = await appGet(shop, "/api/supplier/products?favorite=false&pageSize=5");
    expect(answer.status).toBe(200);
    expect(answer.body.total).toBe(8);
    expect((answer.body.products as { name: string }[]).map((product) => product.name)).toContain("Reloj inteligente");
    const last = (await supplierRequests()).at(-1);
    expect(last?.body).toMatchObject({ pageSize: 5 });
    expect(supplierToken).toMatch(/3a90$/);
  });

  it("reads the shop's orders from the platform with its own offline token", async () => {
    const shop = await newShop("orders");
    const hour = 3_600_000;
    await seedPlatformShop(shop, {
      products: [{ title: "Camiseta Running", options: [{ name: "Talla", values: ["S", "M"] }] }],
      orders: [
        { createdAt: new Date(Date.now() - 3 * hour).toISOString(), tags: ["automation-error"] },
        { createdAt: new Date(Date.now() - hour).toISOString(), tags: ["automation-processed"] },
      ],
    });
    const answer = await appGet(shop, "/api/orders/poll");
    expect(answer.status).toBe(200);
    const orders = answer.body.orders as { name: string; tags: string[] }[];
    expect(orders.map((order) => [order.name, order.tags])).toEqual([
      ["#1002", ["automation-processed"]],
      ["#1001", ["automation-error"]],
    ]);
    expect((await platformOrders(shop)).map((order) => order.name)).toEqual(["#1002", "#1001"]);
  });
});
