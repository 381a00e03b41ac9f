import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as startLoopTest } from "~/routes/api.loop-test";
import { createAutomatedShop } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { mockPlatform } from "../mocks/platform";

const args = (request: Request) => ({ request, params: {}, context: {} });

describe("starting the loop test from many requests at once", () => {
  it("lets one of 20 concurrent starts for one shop place a test order; the other 19 get 409 loop_test_running", async () => {
    const shop = await createAutomatedShop();
    let placed = 0;
    mockPlatform(shop, {
      LoopTestShopCurrency: () => ({ shop: { currencyCode: "COP" } }),
      LoopTestOrderCreate: () => {
        placed++;
        return {
          orderCreate: {
            order: { id: `gid://shopify/Order/${1000 + placed}`, name: `#${1000 + placed}`, test: true },
            userErrors: [],
          },
        };
      },
    });
    const requests = await Promise.all(
      Array.from({ length: 20 }, () => adminRequest("/api/loop-test", shop, formBody({ locale: "en" }))),
    );

    const responses = await Promise.all(requests.map((request) => startLoopTest(args(request))));

    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([201, ...Array<number>(19).fill(409)]);
    for (const response of responses.filter((each) => each.status === 409)) {
      expect(await response.json()).toMatchObject({ success: false, code: "loop_test_running" });
    }
    expect(placed).toBe(1);
    expect(await prisma.loopTest.count({ where: { shop } })).toBe(1);
  });

  it("refuses a second running test for a shop in the store itself, whoever writes it", async () => {
    const shop = await createAutomatedShop();
    await prisma.loopTest.create({ data: { shop, runningShop: shop } });
    await expect(prisma.loopTest.create({ data: { shop, runningShop: shop } })).rejects.toMatchObject({
      code: "P2002",
    });
    // Finished tests free the shop: any number of them may exist beside the running one.
    await prisma.loopTest.create({ data: { shop, finishedAt: new Date(), outcome: "passed" } });
    await prisma.loopTest.create({ data: { shop, finishedAt: new Date(), outcome: "failed" } });
    expect(await prisma.loopTest.count({ where: { shop } })).toBe(3);
  });
});
