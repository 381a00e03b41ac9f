import { describe, expect, it } from "vitest";
import { JOURNEY_STAGES } from "../../app/lib/journey-stages";
import { ENDED_STAGES, journeyGroupOf } from "../../app/lib/journey-log";
import {
  ENDED,
  GROUPS,
  STAGES,
  buildJourneyView,
  journeyText,
  type SupplierOrderJourney,
} from "../../extensions/order-automation-block/src/journey";
import blockEn from "../../extensions/order-automation-block/locales/en.default.json";
import blockEs from "../../extensions/order-automation-block/locales/es.json";

// The admin's formatDate in the shop's zone (Bogotá), as the block calls it.
const inBogota = (locale: string) => (iso: string) =>
  new Intl.DateTimeFormat(locale, { timeZone: "America/Bogota", dateStyle: "medium", timeStyle: "short" }).format(
    new Date(iso),
  );

/** The stand-in's translate over a locale file: nested keys, {{name}} values. */
function translator(messages: unknown) {
  return (key: string, values: Record<string, string | number> = {}) => {
    let node = messages;
    for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== "string") return key;
    return node.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
  };
}

function order(fields: Partial<SupplierOrderJourney>): SupplierOrderJourney {
  return {
    supplierOrderId: "SO-1",
    guide: "240012345678",
    carrier: "Servientrega",
    rawStatus: "EN TRANSITO",
    stage: "in_transit",
    stageSince: "2026-11-25T15:30:00Z",
    openIncident: null,
    incidentSince: null,
    history: [
      { rawStatus: "GUIA GENERADA", stage: "label_created", reportedAt: "2026-11-24T14:00:00Z", receivedAt: "x" },
      { rawStatus: "En tránsito ", stage: "in_transit", reportedAt: null, receivedAt: "2026-11-25T15:30:00Z" },
    ],
    ...fields,
  };
}

const es = translator(blockEs);
const en = translator(blockEn);
const words = (view: ReturnType<typeof buildJourneyView>, t: typeof es) =>
  view.parcels.map((parcel) => ({
    badge: journeyText(parcel.badge.line, t),
    tone: parcel.badge.tone,
    lines: parcel.lines.map((line) => journeyText(line, t)),
    incident: parcel.incident && journeyText(parcel.incident, t),
    unknown: parcel.unknownHelp && journeyText(parcel.unknownHelp, t),
    timeline: parcel.timeline.map((entry) => `${entry.status}${entry.unknown ? "?" : ""} · ${entry.time}`),
  }));

describe("the order page's parcel section", () => {
  it("no supplier order yet: says so, nothing else", () => {
    const view = buildJourneyView({ timeZone: "America/Bogota", supplierOrders: [] }, inBogota("es"));
    expect(view).toEqual({ parcels: [], none: true });
    expect(es("journey.none")).toBe("Aún no hay pedido en el proveedor");
  });

  it("in transit: the word, tracking and carrier, since when and every status as spelled, in Bogotá's time", () => {
    const view = buildJourneyView({ timeZone: "America/Bogota", supplierOrders: [order({})] }, inBogota("es"));
    const [parcel] = words(view, es);
    expect(parcel.badge).toBe("En camino");
    expect(parcel.tone).toBe("info");
    // 15:30 UTC is 10:30 in Bogotá.
    expect(parcel.lines).toEqual([
      "Guía 240012345678 · Servientrega",
      expect.stringMatching(/^En tránsito desde el 25 nov 2026, 10:30/),
    ]);
    expect(parcel.incident).toBeNull();
    expect(parcel.timeline[0]).toMatch(/^En tránsito {2}· 25 nov 2026, 10:30/);
    expect(parcel.timeline[1]).toMatch(/^GUIA GENERADA · 24 nov 2026, 9:00/);
  });

  it("an open incident: the badge says Novedad and the incident with its time", () => {
    const incident = order({ openIncident: "NOVEDAD - DIRECCION ERRADA", incidentSince: "2026-11-26T13:05:00Z" });
    const [parcel] = words(
      buildJourneyView({ timeZone: "America/Bogota", supplierOrders: [incident] }, inBogota("en")),
      en,
    );
    expect(parcel.badge).toBe("Incident");
    expect(parcel.tone).toBe("caution");
    expect(parcel.incident).toMatch(/^Open incident: “NOVEDAD - DIRECCION ERRADA”, since Nov 26, 2026, 8:05/);
  });

  it("delivered and returned: their words and the time they ended", () => {
    const delivered = order({ stage: "delivered", rawStatus: "ENTREGADA", stageSince: "2026-11-27T20:00:00Z" });
    const returned = order({ supplierOrderId: "SO-2", stage: "returned", rawStatus: "DEVUELTO" });
    const parcels = words(
      buildJourneyView({ timeZone: "America/Bogota", supplierOrders: [delivered, returned] }, inBogota("es")),
      es,
    );
    expect(parcels.map((parcel) => [parcel.badge, parcel.tone])).toEqual([
      ["Entregado", "success"],
      ["Devuelto", "critical"],
    ]);
    expect(parcels[0].lines[1]).toMatch(/^Entregado el 27 nov 2026, 15:00/);
  });

  it("a status the app does not recognise: shown as it came, marked, with where to name it", () => {
    const unknown = order({
      stage: "unknown",
      rawStatus: "EN ESPERA DE RECOLECCION",
      history: [
        {
          rawStatus: "EN ESPERA DE RECOLECCION",
          stage: "unknown",
          reportedAt: null,
          receivedAt: "2026-11-26T12:00:00Z",
        },
      ],
    });
    const [parcel] = words(
      buildJourneyView({ timeZone: "America/Bogota", supplierOrders: [unknown] }, inBogota("es")),
      es,
    );
    expect(parcel.badge).toBe("Estado sin reconocer");
    expect(parcel.unknown).toBe(
      "La app no reconoce el estado «EN ESPERA DE RECOLECCION». Puedes decirle qué significa en Configuración, en «Tus propios estados».",
    );
    expect(parcel.timeline).toEqual([expect.stringMatching(/^EN ESPERA DE RECOLECCION\? · 26 nov 2026, 7:00/)]);
  });

  it("both locales have every key the section uses", () => {
    const keys = [
      "journey.heading",
      "journey.none",
      "journey.noneHelp",
      "journey.supplierOrder",
      "journey.guideCarrier",
      "journey.guide",
      "journey.carrier",
      "journey.noGuide",
      "journey.stageSince",
      "journey.endedAt",
      "journey.incident",
      "journey.unknownHelp",
      "journey.history",
      "journey.unknownMark",
      ...["on_the_way", "incident", "delivered", "returned"].map((group) => `journey.group.${group}`),
      ...["at_supplier", "in_transit", "delivered", "returning", "rejected", "cancelled", "lost", "unknown"].map(
        (stage) => `journey.stage.${stage}`,
      ),
    ];
    for (const t of [es, en]) for (const key of keys) expect(t(key), key).not.toBe(key);
  });
});

describe("the block's copies of the app's stage lists", () => {
  // The extension is bundled apart from the app, so it carries its own copies: they must say what the app says.
  it("knows the app's stages, in the app's order", () => {
    expect(STAGES).toEqual([...JOURNEY_STAGES]);
  });

  it("ends a journey where the app does, and groups each stage as the log does", () => {
    expect([...ENDED].sort()).toEqual([...ENDED_STAGES].sort());
    for (const stage of JOURNEY_STAGES) expect(GROUPS[stage] ?? null).toBe(journeyGroupOf(stage, null));
  });

  it("has a word for every stage in both languages", () => {
    for (const messages of [blockEn, blockEs] as unknown as { journey: { stage: Record<string, string> } }[]) {
      for (const stage of JOURNEY_STAGES) expect(messages.journey.stage[stage], stage).toBeTruthy();
    }
  });
});
