import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { searchDeliveries } from "~/services/deliveries/operations.server";
import { createAutomatedShop } from "../../helpers/factories";

const start = Date.UTC(2026, 10, 1);

/** `count` rows of one buyer's key, the n-th `n` minutes after `start` (so the newest is the last). */
async function rows(shop: string, prefix: string, count: number, searchKey: string, status = "delivered") {
  await prisma.delivery.createMany({
    data: Array.from({ length: count }, (_, n) => ({
      id: `${shop}-${prefix}-${String(n).padStart(5, "0")}`,
      shop,
      topic: "orders/create",
      eventId: `${shop}-${prefix}-${n}`,
      orderName: `#${prefix}${n}`,
      status,
      nextAttemptAt: new Date(start),
      payload: "{}",
      searchKey,
      createdAt: new Date(start + n * 60_000),
    })),
  });
}

describe("a page of the log's search, at any number of matches", () => {
  it("counts every match and pages them newest first, whether few or more than a walk's worth", async () => {
    const shop = await createAutomatedShop();
    const other = await createAutomatedShop();
    // More matches than the page ever sorts by itself (SQLite walks the shop's newest deliveries for them).
    await rows(shop, "r", 1_100, "maria ramirez | 573001112233");
    await rows(shop, "l", 30, "andres lopez | 573004445566", "dead");
    await rows(other, "r", 40, "maria ramirez | 573001112233");

    const first = await searchDeliveries(shop, { q: "RAMÍREZ", page: 1, pageSize: 25 });
    expect(first.total).toBe(1_100);
    expect(first.deliveries.map((d) => d.orderName)).toEqual(Array.from({ length: 25 }, (_, n) => `#r${1099 - n}`));
    const third = await searchDeliveries(shop, { q: "maria ramirez", page: 3, pageSize: 25 });
    expect(third.deliveries.map((d) => d.orderName)[0]).toBe("#r1049");

    const few = await searchDeliveries(shop, { q: "Andrés", page: 2, pageSize: 25 });
    expect(few.total).toBe(30);
    expect(few.deliveries.map((d) => d.orderName)).toEqual(["#l4", "#l3", "#l2", "#l1", "#l0"]);
    // With a status: only the matches in it.
    expect((await searchDeliveries(shop, { q: "ramirez", status: "dead", page: 1, pageSize: 25 })).total).toBe(0);
    expect((await searchDeliveries(shop, { q: "lopez", status: "dead", page: 1, pageSize: 25 })).total).toBe(30);
    // A phone as typed, and an order's name.
    expect((await searchDeliveries(shop, { q: "300 444 5566", page: 1, pageSize: 25 })).total).toBe(30);
    expect((await searchDeliveries(shop, { q: "#l7", page: 1, pageSize: 25 })).deliveries[0]?.orderName).toBe("#l7");
  });

  it("takes what was typed literally: a % or _ is a character, not a wildcard", async () => {
    const shop = await createAutomatedShop();
    await rows(shop, "p", 3, "ana perez | 573001112233");
    for (const q of ["%", "a_a", "pe%ez", "\\"]) {
      expect((await searchDeliveries(shop, { q, page: 1, pageSize: 25 })).total).toBe(0);
    }
    expect((await searchDeliveries(shop, { q: "pérez", page: 1, pageSize: 25 })).total).toBe(3);
  });
});
