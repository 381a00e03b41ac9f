import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { cellValues, COLOMBIA, openAsSpreadsheet } from "../helpers/spreadsheet";
import { browserDatabase, newShop, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";

describe("the delivery log's CSV download", () => {
  const admin = useAdmin();

  it("downloads from the page the file the API gives, with each order's buyer answer in the shop's time", async () => {
    const shop = await newShop("export");
    const db = browserDatabase();
    await db.shopTimeZone.create({ data: { shop, timeZone: "America/Bogota", fetchedAt: new Date() } });
    const orders = [
      { n: 1, answer: "confirmed", answeredAt: new Date("2026-11-27T01:30:00Z") },
      { n: 2, answer: "refused", answeredAt: new Date("2026-11-26T15:00:05Z") },
      { n: 3, answer: null, answeredAt: null },
    ];
    await seedDeliveries(
      shop,
      orders.map(({ n }) => ({
        id: `export_${shop}_${n}`,
        topic: "orders/create",
        eventId: `event:export_${shop}_${n}`,
        status: "delivered",
        orderId: `gid://shopify/Order/${7000 + n}`,
        orderName: `#70${n}`,
        createdAt: new Date(Date.UTC(2026, 10, 26, 12 - n)),
        deliveredAt: new Date(Date.UTC(2026, 10, 26, 12 - n, 0, 1)),
      })),
    );
    for (const { n, answer, answeredAt } of orders) {
      if (answer && answeredAt) {
        await db.orderAnswer.create({ data: { shop, orderId: `gid://shopify/Order/${7000 + n}`, answer, answeredAt } });
      }
    }

    const page = await admin.open(shop, "/app/deliveries", "es", 390);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Exportar CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^entregas-\d{4}-\d{2}-\d{2}\.csv$/);
    const sheet = openAsSpreadsheet(new Uint8Array(await readFile(await download.path())), COLOMBIA);
    const values = cellValues(sheet.rows);
    const column = (prefix: string) => values[0].findIndex((cell) => String(cell).startsWith(prefix));
    expect(column("Respuesta del comprador")).toBeGreaterThan(0);
    expect(
      values
        .slice(1)
        .map((row) => [row[column("Pedido")], row[column("Respuesta del comprador")], row[column("Respondió")]]),
    ).toEqual([
      ["#701", "Confirmó", "2026-11-26 20:30:00"],
      ["#702", "Rechazó", "2026-11-26 10:00:05"],
      ["#703", "", ""],
    ]);
  });
});
