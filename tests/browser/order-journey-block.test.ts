import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { extensionPages } from "./harness/extension-pages";
import { shown } from "./harness/shown";

const story = {
  status: 200,
  body: { success: true, orderId: "gid://shopify/Order/1001", paused: false, deliveries: [] },
};

/** GET /api/orders/journey's answer (app/services/journey/order-view.server.ts). */
const journey = (supplierOrders: unknown[], timeZone = "America/Bogota") => ({
  status: 200,
  body: { success: true, orderId: "gid://shopify/Order/1001", timeZone, supplierOrders },
});

const HISTORY = [
  {
    rawStatus: "GUIA GENERADA",
    stage: "label_created",
    reportedAt: "2026-11-24T14:00:00Z",
    receivedAt: "2026-11-24T14:01:00Z",
    source: "push",
  },
  {
    rawStatus: "En tránsito",
    stage: "in_transit",
    reportedAt: null,
    receivedAt: "2026-11-25T15:30:00Z",
    source: "push",
  },
];

function supplierOrder(fields: Record<string, unknown>) {
  return {
    supplierOrderId: "SO-88120",
    orderName: "#1001",
    matchedBy: "shop_order_id",
    guide: "240012345678",
    carrier: "Servientrega",
    rawStatus: "En tránsito",
    stage: "in_transit",
    stageSince: "2026-11-25T15:30:00Z",
    openIncident: null,
    incidentSince: null,
    history: HISTORY,
    ...fields,
  };
}

/** Each state the block's parcel section can be in, and the words a merchant reads there (es, en). */
const STATES: { name: string; answer: ReturnType<typeof journey>; reads: Record<"es" | "en", (string | RegExp)[]> }[] =
  [
    {
      name: "none",
      answer: journey([]),
      reads: {
        es: ["Aún no hay pedido en el proveedor", /^Aquí verás la guía/],
        en: ["No supplier order yet", /^The tracking number and each status/],
      },
    },
    {
      name: "in-transit",
      answer: journey([supplierOrder({})]),
      reads: {
        es: [
          "En camino",
          "Guía 240012345678 · Servientrega",
          /^En tránsito desde el 25 nov 2026, 10:30/,
          /^GUIA GENERADA · 24 nov 2026, 9:00/,
        ],
        en: [
          "On its way",
          "Tracking 240012345678 · Servientrega",
          /^In transit since Nov 25, 2026, 10:30/,
          /^GUIA GENERADA · Nov 24, 2026, 9:00/,
        ],
      },
    },
    {
      name: "incident",
      answer: journey([
        supplierOrder({
          openIncident: "NOVEDAD - DIRECCION ERRADA",
          incidentSince: "2026-11-26T13:05:00Z",
          history: [
            ...HISTORY,
            {
              rawStatus: "NOVEDAD - DIRECCION ERRADA",
              stage: "incident",
              reportedAt: "2026-11-26T13:05:00Z",
              receivedAt: "2026-11-26T13:06:00Z",
              source: "push",
            },
          ],
        }),
      ]),
      reads: {
        es: ["Novedad", /^Novedad abierta: «NOVEDAD - DIRECCION ERRADA», desde el 26 nov 2026, 8:05/],
        en: ["Incident", /^Open incident: “NOVEDAD - DIRECCION ERRADA”, since Nov 26, 2026, 8:05/],
      },
    },
    {
      name: "delivered",
      answer: journey([
        supplierOrder({ stage: "delivered", rawStatus: "ENTREGADA", stageSince: "2026-11-27T20:00:00Z" }),
      ]),
      reads: {
        es: ["Entregado", /^Entregado el 27 nov 2026, 15:00/],
        en: ["Delivered", /^Delivered on Nov 27, 2026, 3:00/],
      },
    },
    {
      name: "returned",
      answer: journey([
        supplierOrder({ stage: "returned", rawStatus: "DEVUELTO", stageSince: "2026-11-28T16:00:00Z" }),
      ]),
      reads: {
        es: ["Devuelto", /^Devuelto el 28 nov 2026, 11:00/],
        en: ["Returned", /^Returned on Nov 28, 2026, 11:00/],
      },
    },
    {
      name: "unmatched-status",
      answer: journey([
        supplierOrder({
          stage: "unknown",
          rawStatus: "EN ESPERA DE RECOLECCION",
          stageSince: null,
          guide: null,
          carrier: null,
          history: [
            {
              rawStatus: "EN ESPERA DE RECOLECCION",
              stage: "unknown",
              reportedAt: null,
              receivedAt: "2026-11-26T12:00:00Z",
              source: "push",
            },
          ],
        }),
      ]),
      reads: {
        es: [
          "Estado sin reconocer",
          "Aún sin guía",
          /^La app no reconoce el estado «EN ESPERA DE RECOLECCION»/,
          /^EN ESPERA DE RECOLECCION \(sin reconocer\) · 26 nov 2026, 7:00/,
        ],
        en: [
          "Status not recognised",
          "No tracking number yet",
          /^The app does not recognise the status “EN ESPERA DE RECOLECCION”/,
          /^EN ESPERA DE RECOLECCION \(not recognised\) · Nov 26, 2026, 7:00/,
        ],
      },
    },
  ];

describe("the order page's block shows the parcel's journey", () => {
  const render = extensionPages("order-automation-block");

  for (const locale of ["es", "en"] as const) {
    for (const state of STATES) {
      it(`${state.name} (${locale})`, async () => {
        const page = await render(
          { locale, answers: { "GET /api/deliveries": story, "GET /api/orders/journey": state.answer } },
          390,
        );
        await shown(page.getByRole("heading", { name: locale === "es" ? "Envío del proveedor" : "Supplier shipment" }));
        for (const text of state.reads[locale]) {
          await shown(page.getByText(text, typeof text === "string" ? { exact: true } : undefined).first());
        }
        expect(await seriousAxeFindings(page)).toEqual([]);
        await screenshot(page, `extension-block-journey-${state.name}-${locale}`);
      });
    }

    it(`prints times in the shop's zone, not the admin's browser's (${locale})`, async () => {
      // The shop is in Mexico City (UTC-6); the browser in Bogotá (UTC-5): 15:30 UTC is 9:30 for the shop.
      const answer = journey([supplierOrder({})], "America/Mexico_City");
      const page = await render(
        { locale, answers: { "GET /api/deliveries": story, "GET /api/orders/journey": answer } },
        390,
      );
      await shown(
        page.getByText(
          locale === "es" ? /^En tránsito desde el 25 nov 2026, 9:30/ : /^In transit since Nov 25, 2026, 9:30/,
        ),
      );
    });
  }

  it("leaves the section out when the app answers no journey (an older deployment)", async () => {
    const page = await render({ locale: "es", answers: { "GET /api/deliveries": story } }, 1400);
    await shown(page.getByText("No recibido", { exact: true }));
    expect(await page.getByText("Envío del proveedor").count()).toBe(0);
  });
});
