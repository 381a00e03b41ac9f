import { it } from "vitest";
import prisma from "~/db.server";
import { buyerSummaryText } from "~/services/deliveries/buyer-summary.server";
import { DEFAULT_ORDER_RULES } from "~/lib/order-rules";
import { previewOrderRules, PREVIEW_MAX_ORDERS } from "~/services/orders/rules-preview.server";
import { restOrder } from "../../tests/helpers/factories";

/** 30,000 orders spread over the 30 days, a third from a few repeating phones; the preview timed five times. */
it("previews the rules on 30,000 orders", async () => {
  const shop = "bench-preview.myshopify.com";
  const now = new Date("2026-11-28T15:00:00Z");
  const rows = Array.from({ length: PREVIEW_MAX_ORDERS }, (_, i) => {
    const phone =
      i % 3 === 0 ? `300${String(1_000_000 + (i % 97)).padStart(7, "0")}` : `31${String(i).padStart(8, "0")}`;
    const body = restOrder({
      id: 9_000_000 + i,
      shipping_address: { first_name: "Ana", address1: "Calle 1", city: "Cali", country_code: "CO", phone },
    });
    return {
      shop,
      topic: "orders/create",
      eventId: `bench-${i}`,
      resourceId: String(body.id),
      orderId: `gid://shopify/Order/${body.id}`,
      orderName: `#${i}`,
      status: "delivered",
      buyer: buyerSummaryText(body),
      createdAt: new Date(now.getTime() - Math.floor((i / PREVIEW_MAX_ORDERS) * 29.5 * 86_400_000)),
    };
  });
  for (let i = 0; i < rows.length; i += 1_000) await prisma.delivery.createMany({ data: rows.slice(i, i + 1_000) });
  const draft = {
    ...DEFAULT_ORDER_RULES,
    noPhoneAction: "hold" as const,
    duplicateWindowMinutes: 1_440,
    sendingHours: { on: true, from: "08:00", to: "21:00" },
  };
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    const preview = await previewOrderRules(shop, draft, "America/Bogota", now);
    times.push(performance.now() - started);
    if (run === 0) console.log(JSON.stringify(preview));
  }
  const read = performance.now();
  await prisma.delivery.findMany({
    where: { shop, topic: "orders/create", test: false, createdAt: { gte: new Date("2026-10-30T05:00:00Z"), lte: now } },
    select: { createdAt: true, buyer: true },
  });
  console.log(`the read alone, ms: ${(performance.now() - read).toFixed(0)}`);
  console.log(`preview of ${PREVIEW_MAX_ORDERS} orders, ms: ${times.map((ms) => ms.toFixed(0)).join(", ")}`);
});
