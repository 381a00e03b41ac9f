import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { foldForSearch } from "~/lib/search-key";
import { searchDeliveries } from "~/services/deliveries/operations.server";
import { deliveryPayloads, purgeExpiredPayloads } from "~/services/deliveries/retention.server";
import { recordWebhookEvent } from "~/services/deliveries/receive.server";
import { buyerSearchKey } from "~/services/deliveries/search-key.server";
import { createAutomatedShop, createDelivery, restOrder } from "../../helpers/factories";
import { onPostgres } from "../../helpers/db";
import { logger } from "~/logger.server";

const page = { page: 1, pageSize: 25 };

function buyer(id: number, first: string, last: string, phone = "+57 300 000 0000") {
  return restOrder({
    id,
    name: `#${3000 + id}`,
    customer: { id, first_name: first, last_name: last, phone },
    shipping_address: { first_name: first, last_name: last, city: "Bogotá", phone },
  });
}

describe("searching the log by the buyer", () => {
  it("folds accents, case and full-width letters", () => {
    expect(foldForSearch("  RAMÍREZ  Núñez ")).toBe("ramirez nunez");
    expect(foldForSearch("Andrés López")).toBe("andres lopez");
    expect(foldForSearch("ＡＮＡ")).toBe("ana");
    expect(buyerSearchKey(buyer(1, "José", "Gómez", "+57 (300) 111-2233"))).toBe(
      "jose gomez | ana@example.test | 573001112233",
    );
  });

  it("finds names typed without accents or in capitals, and with them, whatever the stored form", async () => {
    const shop = await createAutomatedShop();
    await createDelivery(shop, { order: buyer(1, "Andrés", "López") });
    await createDelivery(shop, { order: buyer(2, "MARÍA", "RAMÍREZ") });
    await createDelivery(shop, { order: buyer(3, "luis", "gomez") });
    await createDelivery(shop, { order: buyer(4, "Pedro", "Núñez") });
    const found = async (q: string) =>
      (await searchDeliveries(shop, { q, ...page })).deliveries.map((d) => d.orderName).sort();

    expect(await found("Andres Lopez")).toEqual(["#3001"]);
    expect(await found("lopez andres")).toEqual(["#3001"]);
    expect(await found("ANDRÉS")).toEqual(["#3001"]);
    expect(await found("Ramirez")).toEqual(["#3002"]);
    expect(await found("RAMÍREZ")).toEqual(["#3002"]);
    expect(await found("maría ramírez")).toEqual(["#3002"]);
    expect(await found("Gómez")).toEqual(["#3003"]);
    expect(await found("GOMEZ")).toEqual(["#3003"]);
    expect(await found("nunez")).toEqual(["#3004"]);
    expect(await found("Ramirez Lopez")).toEqual([]);
  });

  it("writes the key with the webhook's row, and never for another shop's search", async () => {
    const shop = await createAutomatedShop();
    const other = await createAutomatedShop();
    const body = buyer(5, "Ramón", "Ávila", "+57 311 222 3344");
    const outcome = await recordWebhookEvent({
      topic: "orders/create",
      shop,
      eventId: "evt-search-1",
      webhookId: null,
      payload: body,
      body: JSON.stringify(body),
      log: logger,
    } as unknown as Parameters<typeof recordWebhookEvent>[0]);
    expect(outcome.recorded).toBe(true);
    const row = await prisma.delivery.findFirstOrThrow({ where: { shop } });
    expect(row.searchKey).toBe("ramon avila | ana@example.test | 573112223344");
    expect((await searchDeliveries(shop, { q: "avila", ...page })).total).toBe(1);
    expect((await searchDeliveries(shop, { q: "311 222 3344", ...page })).total).toBe(1);
    expect((await searchDeliveries(other, { q: "avila", ...page })).total).toBe(0);
  });

  it("forgets the key with the payload: a redacted buyer or an expired order is no longer found by name", async () => {
    const shop = await createAutomatedShop();
    const redacted = await createDelivery(shop, { order: buyer(6, "Camila", "Ríos", "+57 320 555 6677") });
    const expired = await createDelivery(shop, {
      status: "delivered",
      createdAt: new Date(Date.now() - 400 * 86_400_000),
      order: buyer(7, "Camila", "Torres", "+57 320 555 9999"),
    });
    await deliveryPayloads.redact(shop, { id: null, email: null, phone: "+57 320 555 6677", orderIds: [] });
    await purgeExpiredPayloads();

    const rows = await prisma.delivery.findMany({ where: { id: { in: [redacted.id, expired.id] } } });
    expect(rows.map((row) => [row.payload, row.searchKey])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect((await searchDeliveries(shop, { q: "camila", ...page })).total).toBe(0);
  });

  it("gives rows stored before the key one from the migration, folded the same way", async () => {
    const shop = await createAutomatedShop();
    const old = await createDelivery(shop, { order: buyer(8, "Sofía", "Martínez Peña", "+57 (315) 444-1212") });
    await prisma.delivery.update({ where: { id: old.id }, data: { searchKey: null } });
    for (const statement of backfillStatements()) await prisma.$executeRawUnsafe(statement);

    const row = await prisma.delivery.findUniqueOrThrow({ where: { id: old.id } });
    expect(row.searchKey).toContain("sofia martinez pena");
    expect(row.searchKey).toContain("573154441212");
    expect((await searchDeliveries(shop, { q: "Sofia Martinez Pena", ...page })).total).toBe(1);
    expect((await searchDeliveries(shop, { q: "315 444 1212", ...page })).total).toBe(1);
  });
});

/** The backfill of the search key's migration, for the engine under test. */
function backfillStatements() {
  const dir = onPostgres() ? "prisma/migrations-postgresql" : "prisma/migrations";
  const entry = readdirSync(dir).find((name) => /_delivery_search_key(\.sql)?$/.test(name))!;
  const sql = readFileSync(onPostgres() ? path.join(dir, entry) : path.join(dir, entry, "migration.sql"), "utf8");
  if (!onPostgres()) {
    return [...sql.matchAll(/UPDATE "Delivery" SET "searchKey"[\s\S]*?;/g)]
      .map(([statement]) => statement)
      .filter((statement) => !statement.includes("NEW."));
  }
  return [
    /CREATE FUNCTION "delivery_payload_json"[\s\S]*?LANGUAGE plpgsql IMMUTABLE;/.exec(sql)![0],
    /UPDATE "Delivery" AS "d"[\s\S]*?;/.exec(sql)![0],
    'DROP FUNCTION "delivery_payload_json"(TEXT);',
  ];
}
