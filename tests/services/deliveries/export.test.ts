import { describe, expect, it } from "vitest";
import { translate } from "~/i18n";
import prisma from "~/db.server";
import { loader as exportRoute } from "~/routes/api.deliveries.export";
import { loader as pageExportRoute } from "~/routes/app.deliveries.export";
import { clearFlowCache } from "~/services/automation/client.server";
import { csvCell } from "~/services/deliveries/export.server";
import { saveOrderRisk } from "~/services/risk/store.server";
import { storeShopTimeZone } from "~/services/shops/time-zone.server";
import { createAutomatedShop, createDelivery, restOrder } from "../../helpers/factories";
import { adminRequest } from "../../helpers/requests";
import { flowsHandler } from "../../mocks/automation";
import { server } from "../../mocks/server";
import { cellValues, COLOMBIA, openAsSpreadsheet, UNITED_STATES, type SheetCell } from "../../helpers/spreadsheet";

async function download(shop: string, query: string) {
  const response = await exportRoute({
    request: await adminRequest(`/api/deliveries/export?${query}`, shop),
    params: {},
    context: {},
  });
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

function columnOf(header: SheetCell[], prefix: string) {
  const index = header.findIndex((cell) => cell.kind === "text" && cell.value.startsWith(prefix));
  expect(index, `column ${prefix}`).toBeGreaterThanOrEqual(0);
  return index;
}

describe("the delivery log as the merchant's spreadsheet", () => {
  it("opens in Colombian Excel as columns with the buyer, Spanish words, accents and Bogotá times", async () => {
    const shop = await createAutomatedShop();
    await storeShopTimeZone(shop, "America/Bogota");
    await createDelivery(shop, {
      status: "dead",
      attempts: 3,
      flowId: "f_101",
      lastErrorCode: "trigger_http",
      lastErrorParams: JSON.stringify({ status: 400, detail: "Request refused" }),
      lastError: "Automation platform answered HTTP 400: Request refused",
      // 21:05 on the 26th in Bogotá, the 27th in UTC.
      createdAt: new Date("2026-11-27T02:05:09Z"),
      order: restOrder({
        id: 11,
        name: "#1011",
        total_price: "129900.50",
        customer: { id: 9, first_name: "José", last_name: "Ramírez Núñez", phone: "+57 300 111 2233" },
        shipping_address: { first_name: "José", last_name: "Ramírez", city: "Bogotá", phone: "+57 300 111 2233" },
      }),
    });

    const { response, bytes } = await download(shop, "locale=es-CO");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="entregas-${todayIn("America/Bogota")}.csv"`,
    );
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const sheet = openAsSpreadsheet(bytes, COLOMBIA);
    expect(sheet.hasBom).toBe(true);
    const [header, row] = sheet.rows;
    expect(sheet.rows).toHaveLength(2);
    expect(row).toHaveLength(header.length);
    expect(header.length).toBeGreaterThan(10);
    const values = cellValues(sheet.rows);
    const cell = (prefix: string) => values[1][columnOf(header, prefix)];

    expect(values[0][0]).toBe("Recibido, hora de America/Bogota (GMT-5)");
    expect(cell("Recibido")).toBe("2026-11-26 21:05:09");
    expect(row[columnOf(header, "Recibido")].kind).toBe("date");
    expect(cell("Pedido")).toBe("#1011");
    // The shipping name: who receives and pays a cash-on-delivery parcel (docs/decisions/205).
    expect(cell("Cliente")).toBe("José Ramírez");
    // A phone reads as typed: no apostrophe before it, never a formula nor a number in scientific notation.
    expect(cell("Teléfono")).toBe("+57 300 111 2233");
    expect(row[columnOf(header, "Teléfono")].kind).toBe("text");
    expect(cell("Total")).toBe(129900.5);
    expect(cell("Moneda")).toBe("COP");
    expect(cell("Ciudad")).toBe("Bogotá");
    expect(cell("Productos")).toBe("2 × Lampara LED - Blanca");
    expect(cell("Evento")).toBe(translate("es", "deliveries.topic.orders/create"));
    expect(cell("Estado")).toBe(translate("es", "deliveries.status.dead"));
    expect(cell("Intentos")).toBe(3);
    expect(cell("Último problema")).toBe(translate("es", "deliveryError.trigger_http", { status: 400 }));
    expect(String(cell("Último problema"))).not.toContain("Automation platform");
  });

  it("opens in American Excel with commas, English words and the shop's zone, not UTC", async () => {
    const shop = await createAutomatedShop();
    await storeShopTimeZone(shop, "America/Mexico_City");
    await createDelivery(shop, {
      status: "delivered",
      callbackStatus: "success",
      createdAt: new Date("2026-11-27T02:05:09Z"),
      deliveredAt: new Date("2026-11-27T02:05:10Z"),
      order: restOrder({ id: 12, name: "#1012", total_price: "99.90" }),
    });

    const sheet = openAsSpreadsheet((await download(shop, "locale=en-US")).bytes, UNITED_STATES);
    const [header] = sheet.rows;
    const values = cellValues(sheet.rows);
    const cell = (prefix: string) => values[1][columnOf(header, prefix)];
    expect(values[0][0]).toBe("Received, time in America/Mexico_City (GMT-6)");
    expect(cell("Received")).toBe("2026-11-26 20:05:09");
    expect(cell("Sent to the flow")).toBe("2026-11-26 20:05:10");
    expect(cell("Customer")).toBe("Ana Gomez");
    expect(cell("City")).toBe("Medellin");
    expect(cell("Total")).toBe(99.9);
    expect(cell("Status")).toBe(translate("en", "deliveries.status.delivered"));
    // The flow's technical success is its result, never a confirmation (that is the buyer's answer).
    expect(cell("Flow's result")).toBe("Finished");
    expect(header.some((cell) => cell.kind === "text" && cell.value === "Flow's answer")).toBe(false);
  });

  it("runs no formula whatever the buyer typed, in either separator", async () => {
    const hostile = [
      '=HYPERLINK("https://evil.test","x")',
      "+1+1",
      "-2+3",
      "@SUM(A1:A2)",
      "\t=1+1",
      "\r=1+1",
      " =1+1",
      "\n=1+1",
      "＝1+1",
      "　＝1+1",
      "\tplain",
      "\rplain",
    ];
    const shop = await createAutomatedShop();
    for (const [i, name] of hostile.entries()) {
      await createDelivery(shop, {
        order: restOrder({
          id: 100 + i,
          name,
          customer: { id: 9, first_name: name, last_name: null, phone: name },
          shipping_address: { city: name, phone: name },
          line_items: [{ id: 1, name, quantity: 1, price: "1.00" }],
        }),
      });
    }
    for (const [query, region] of [
      ["locale=es", COLOMBIA],
      ["locale=en", UNITED_STATES],
    ] as const) {
      const sheet = openAsSpreadsheet((await download(shop, query)).bytes, region);
      expect(sheet.rows).toHaveLength(hostile.length + 1);
      const formulas = sheet.rows.flat().filter((cell) => cell.kind === "formula");
      expect(formulas).toEqual([]);
      const header = sheet.rows[0];
      const column = (prefix: string) => sheet.rows.slice(1).map((row) => row[columnOf(header, prefix)]);
      // The order's name is stored as received; the buyer's name as the payload reader trims it.
      const orders = column(region === COLOMBIA ? "Pedido" : "Order");
      expect(orders.map((cell) => (cell.kind === "text" ? cell.value : cell.kind)).sort()).toEqual(
        hostile.map((name) => (/^[\t\r]|^\s*[=+\-@＝]/.test(name) ? `'${name}` : name)).sort(),
      );
      const names = column(region === COLOMBIA ? "Cliente" : "Customer");
      expect(names.map((cell) => (cell.kind === "text" ? cell.value.replace(/^'/, "") : cell.kind)).sort()).toEqual(
        hostile.map((name) => name.trim()).sort(),
      );
    }
  });

  it("neutralises each formula-leading character and quotes what needs quoting", () => {
    for (const text of ["=1+1", "+1", "-1", "@A1", "\t1", "\r1", " =1", "\n=1", "＝1", "  +1", "\n\n@A1"]) {
      expect(csvCell(text, ",")).toMatch(/^"?'/);
    }
    expect(csvCell("-5", ";")).toBe("'-5");
    expect(csvCell(-5, ";")).toBe("-5");
    expect(csvCell(" hola", ";")).toBe(" hola");
    expect(csvCell("a;b", ";")).toBe('"a;b"');
    expect(csvCell("a;b", ",")).toBe("a;b");
    expect(csvCell("a,b", ",")).toBe('"a,b"');
    expect(csvCell('say "hi"', ",")).toBe('"say ""hi"""');
    expect(csvCell("\n=1", ",")).toBe('"\'\n=1"');
    expect(csvCell(null)).toBe("");
  });

  it("exports only the shop's own deliveries, filtered, newest first", async () => {
    const shop = await createAutomatedShop();
    const other = await createAutomatedShop();
    for (let i = 0; i < 3; i++) {
      await createDelivery(shop, { status: "dead", createdAt: new Date(Date.UTC(2026, 10, 20, i)) });
    }
    await createDelivery(shop, { status: "delivered" });
    await createDelivery(other, { status: "dead" });
    const sheet = openAsSpreadsheet((await download(shop, "status=dead&locale=en")).bytes, UNITED_STATES);
    const values = cellValues(sheet.rows);
    expect(values.slice(1).map((row) => row[0])).toEqual([
      "2026-11-20 02:00:00",
      "2026-11-20 01:00:00",
      "2026-11-20 00:00:00",
    ]);
  });

  it("gives each order's buyer answer, in the merchant's words and the shop's time, to the page and the API alike", async () => {
    const shop = await createAutomatedShop();
    const other = await createAutomatedShop();
    await storeShopTimeZone(shop, "America/Bogota");
    const answered = [
      // 20:30 on the 26th in Bogotá, the 27th in UTC.
      { id: 31, answer: "confirmed", answeredAt: new Date("2026-11-27T01:30:00Z"), source: "callback" },
      { id: 32, answer: "refused", answeredAt: new Date("2026-11-26T15:00:05Z"), source: "callback" },
      { id: 33, answer: "no_answer", answeredAt: new Date("2026-11-26T23:00:00Z"), source: "timeout" },
    ];
    for (const [i, { id, ...answer }] of answered.entries()) {
      await createDelivery(shop, {
        createdAt: new Date(Date.UTC(2026, 10, 26, 10 - i)),
        order: restOrder({ id, name: `#${id}` }),
      });
      await prisma.orderAnswer.create({ data: { shop, orderId: `gid://shopify/Order/${id}`, ...answer } });
    }
    // Still waiting; another shop's order with the same id has an answer that must not leak in.
    await createDelivery(shop, {
      createdAt: new Date(Date.UTC(2026, 10, 26, 1)),
      order: restOrder({ id: 34, name: "#34" }),
    });
    await prisma.orderAnswer.create({
      data: { shop: other, orderId: "gid://shopify/Order/34", answer: "refused", answeredAt: new Date() },
    });

    const api = await download(shop, "locale=es-CO");
    const page = await pageExportRoute({
      request: await adminRequest("/app/deliveries/export?locale=es-CO", shop),
      params: {},
      context: {},
    });
    expect(page.status).toBe(200);
    expect(page.headers.get("Content-Disposition")).toBe(api.response.headers.get("Content-Disposition"));
    const pageBytes = new Uint8Array(await page.arrayBuffer());
    expect(new TextDecoder().decode(pageBytes)).toBe(new TextDecoder().decode(api.bytes));

    const sheet = openAsSpreadsheet(pageBytes, COLOMBIA);
    const [header, ...rows] = sheet.rows;
    const values = cellValues(sheet.rows);
    const answerColumn = columnOf(header, "Respuesta del comprador");
    const timeColumn = columnOf(header, "Respondió");
    expect(values[0][timeColumn]).toBe("Respondió, hora de America/Bogota (GMT-5)");
    expect(values.slice(1).map((row) => [row[columnOf(header, "Pedido")], row[answerColumn], row[timeColumn]])).toEqual(
      [
        ["#31", "Confirmó", "2026-11-26 20:30:00"],
        ["#32", "Rechazó", "2026-11-26 10:00:05"],
        ["#33", "Sin respuesta", "2026-11-26 18:00:00"],
        ["#34", "", ""],
      ],
    );
    expect(rows.slice(0, 3).map((row) => row[timeColumn].kind)).toEqual(["date", "date", "date"]);

    const english = cellValues(openAsSpreadsheet((await download(shop, "locale=en-US")).bytes, UNITED_STATES).rows);
    const englishAnswers = english.slice(1).map((row) => row[english[0].indexOf("Buyer's answer")]);
    expect(englishAnswers).toEqual(["Confirmed", "Refused", "No answer", ""]);
  });

  it("says what the app did to each order's shipping and names the flow, and filters by what the app did", async () => {
    clearFlowCache();
    const shop = await createAutomatedShop();
    server.use(flowsHandler([{ id: "f_101", name: "Confirmación COD", status: "active" }], { apiKey: `key-${shop}` }));
    const done = { status: "done", doneAt: new Date("2026-11-26T15:00:00Z"), platformRef: "ref" };
    const orders = [
      { id: 41, tasks: [{ kind: "hold", ...done }] },
      {
        id: 42,
        tasks: [
          { kind: "hold", ...done },
          { kind: "cancel", reason: "refused", ...done },
        ],
      },
      { id: 43, tasks: [] },
    ];
    for (const [i, order] of orders.entries()) {
      await createDelivery(shop, {
        status: "delivered",
        flowId: "f_101",
        // The third flow reports a status of its own: quoted as it said it, never taken for the buyer's answer.
        callbackStatus: order.id === 43 ? "cancelled" : "success",
        createdAt: new Date(Date.UTC(2026, 10, 26, 10 - i)),
        order: restOrder({ id: order.id, name: `#${order.id}` }),
      });
      const orderId = `gid://shopify/Order/${order.id}`;
      for (const task of order.tasks) {
        await prisma.fulfilmentTask.create({
          data: { shop, orderId, subject: `${orderId}/${task.kind}`, reason: "routed", ...task },
        });
      }
    }
    const sheet = openAsSpreadsheet((await download(shop, "locale=es-CO")).bytes, COLOMBIA);
    const values = cellValues(sheet.rows);
    const column = (prefix: string) => values.slice(1).map((row) => row[columnOf(sheet.rows[0], prefix)]);
    expect(column("Pedido")).toEqual(["#41", "#42", "#43"]);
    expect(column("Lo que hizo la app")).toEqual(["Envío retenido", "Cancelado por la app", ""]);
    expect(column("Resultado del flujo")).toEqual(["Terminado", "Terminado", "«cancelled», como lo informó tu flujo"]);
    expect(column("Flujo")).toEqual(["Confirmación COD", "Confirmación COD", "Confirmación COD"]);

    const cancelled = cellValues(
      openAsSpreadsheet((await download(shop, "locale=en&appAction=cancelled")).bytes, UNITED_STATES).rows,
    );
    expect(cancelled.slice(1).map((row) => [row[1], row[cancelled[0].indexOf("What the app did")]])).toEqual([
      ["#42", "Cancelled by the app"],
    ]);
  });

  it("gives each order's parcel (word, tracking number, carrier, since in the shop's zone) and filters by it", async () => {
    const shop = await createAutomatedShop();
    await storeShopTimeZone(shop, "America/Bogota");
    for (const [i, id] of [51, 52, 53].entries()) {
      await createDelivery(shop, {
        createdAt: new Date(Date.UTC(2026, 10, 26, 10 - i)),
        order: restOrder({ id, name: `#${id}` }),
      });
    }
    const supplierOrder = (id: number, data: Record<string, unknown>) =>
      prisma.supplierOrder.create({
        data: { shop, supplierOrderId: `SO-${id}`, orderId: `gid://shopify/Order/${id}`, orderName: `#${id}`, ...data },
      });
    // 15:30 UTC is 10:30 in Bogotá.
    await supplierOrder(51, {
      stage: "in_transit",
      rawStatus: "EN TRANSITO",
      guide: "240012345678",
      carrier: "Servientrega",
      stageSince: new Date("2026-11-25T15:30:00Z"),
    });
    await supplierOrder(52, {
      stage: "delivered",
      rawStatus: "ENTREGADA",
      guide: "7781",
      carrier: "Coordinadora",
      stageSince: new Date("2026-11-27T01:00:00Z"),
    });
    const sheet = openAsSpreadsheet((await download(shop, "locale=es-CO")).bytes, COLOMBIA);
    const values = cellValues(sheet.rows);
    const column = (prefix: string) => values.slice(1).map((row) => row[columnOf(sheet.rows[0], prefix)]);
    expect(column("Pedido")).toEqual(["#51", "#52", "#53"]);
    expect(column("Envío")).toEqual(["En camino", "Entregado", ""]);
    // Tracking numbers stay text: never 2,40012E+11.
    expect(column("Guía")).toEqual(["240012345678", "7781", ""]);
    expect(sheet.rows[1][columnOf(sheet.rows[0], "Guía")].kind).toBe("text");
    expect(column("Transportadora")).toEqual(["Servientrega", "Coordinadora", ""]);
    expect(values[0]).toContain("Envío en esta etapa desde, hora de America/Bogota (GMT-5)");
    expect(column("Envío en esta etapa desde")).toEqual(["2026-11-25 10:30:00", "2026-11-26 20:00:00", ""]);

    const delivered = cellValues(
      openAsSpreadsheet((await download(shop, "locale=en&journey=delivered")).bytes, UNITED_STATES).rows,
    );
    expect(delivered.slice(1).map((row) => [row[1], row[delivered[0].indexOf("Parcel")]])).toEqual([
      ["#52", "Delivered"],
    ]);
  });

  it("gives each order's return risk (score, level, reasons heaviest first) and filters by its level", async () => {
    const shop = await createAutomatedShop();
    for (const [i, id] of [61, 62].entries()) {
      await createDelivery(shop, {
        createdAt: new Date(Date.UTC(2026, 10, 26, 10 - i)),
        order: restOrder({ id, name: `#${id}` }),
      });
    }
    await saveOrderRisk({
      shop,
      orderId: "gid://shopify/Order/61",
      score: 82,
      level: "high",
      reasons: [
        { code: "first_order", points: 10 },
        { code: "phone_returned", points: 50, values: { count: 2 } },
      ],
      scoredAt: new Date("2026-11-26T10:00:00Z"),
    });
    const sheet = openAsSpreadsheet((await download(shop, "locale=es-CO")).bytes, COLOMBIA);
    const values = cellValues(sheet.rows);
    const column = (prefix: string) => values.slice(1).map((row) => row[columnOf(sheet.rows[0], prefix)]);
    expect(column("Pedido")).toEqual(["#61", "#62"]);
    expect(column("Riesgo de devolución")).toEqual([82, ""]);
    expect(column("Nivel de riesgo")).toEqual(["Alto", ""]);
    expect(column("Motivos del riesgo")).toEqual([
      "2 devoluciones con este teléfono; Primer pedido de este teléfono y esta dirección",
      "",
    ]);

    const high = cellValues(openAsSpreadsheet((await download(shop, "locale=en&risk=high")).bytes, UNITED_STATES).rows);
    expect(high.slice(1).map((row) => [row[1], row[high[0].indexOf("Risk level")]])).toEqual([["#61", "High"]]);
    expect((await download(shop, "locale=en&risk=extreme")).response.status).toBe(400);
  });

  it("refuses bad input the same way at the page's path and the API's", async () => {
    const shop = await createAutomatedShop();
    for (const path of ["/app/deliveries/export", "/api/deliveries/export"]) {
      const loader = path.startsWith("/app") ? pageExportRoute : exportRoute;
      const response = await loader({
        request: await adminRequest(`${path}?status=lost`, shop),
        params: {},
        context: {},
      });
      expect(response.status, path).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, code: "invalid_input", field: "status" });
    }
  });

  it("refuses a locale longer than any real one", async () => {
    const shop = await createAutomatedShop();
    const { response } = await download(shop, `locale=${"x".repeat(36)}`);
    expect(response.status).toBe(400);
    expect(
      JSON.parse(new TextDecoder().decode((await download(shop, `locale=${"x".repeat(36)}`)).bytes)),
    ).toMatchObject({
      success: false,
    });
  });
});

function todayIn(timeZone: string) {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
}
