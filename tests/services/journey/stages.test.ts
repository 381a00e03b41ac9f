import { describe, expect, it } from "vitest";
import { normaliseStatus, readStatus, shopStatusMap, statusKey, STAGES } from "~/services/journey/stages";
import reference from "../../fixtures/reference/supplier-order-status.json";

/** Every status the marketplace's lifecycle lists, in the spellings seen, with the stage it means. */
const SPELLINGS: [string, string][] = [
  ["PENDIENTE CONFIRMACION", "at_supplier"],
  ["PENDIENTE_CONFIRMACION", "at_supplier"],
  ["Pendiente confirmación", "at_supplier"],
  ["PENDIENTE", "at_supplier"],
  ["GUIA_GENERADA", "label_created"],
  ["GUIA GENERADA", "label_created"],
  ["GUÍA GENERADA", "label_created"],
  ["guia_generada", "label_created"],
  ["PREPARADO PARA TRANSPORTADORA", "label_created"],
  ["PREPARADO_PARA_TRANSPORTADORA", "label_created"],
  ["ADMITIDA", "handed_to_carrier"],
  ["ADMITIDO", "handed_to_carrier"],
  ["EN BODEGA TRANSPORTADORA", "handed_to_carrier"],
  ["DESPACHADA", "in_transit"],
  ["DESPACHADO", "in_transit"],
  ["EN TRANSPORTE", "in_transit"],
  ["EN TRANSITO", "in_transit"],
  ["EN_TRANSITO", "in_transit"],
  ["EN TRÁNSITO", "in_transit"],
  ["En tránsito ", "in_transit"],
  ["EN TERMINAL DESTINO", "in_transit"],
  ["EN REEXPEDICION", "in_transit"],
  ["EN REEXPEDICIÓN", "in_transit"],
  ["REENVIO", "in_transit"],
  ["REENVÍO", "in_transit"],
  ["NOVEDAD SOLUCIONADA", "in_transit"],
  ["EN REPARTO", "out_for_delivery"],
  ["ENTREGADO", "delivered"],
  ["ENTREGADA", "delivered"],
  ["Entregado", "delivered"],
  ["  entregada  ", "delivered"],
  ["NOVEDAD", "incident"],
  ["INTENTO DE ENTREGA", "incident"],
  ["TELEMERCADEO", "incident"],
  ["RECLAME EN OFICINA", "incident"],
  ["DEVOLUCION", "returning"],
  ["DEVOLUCIÓN", "returning"],
  ["EN DEVOLUCION", "returning"],
  ["EN-DEVOLUCION", "returning"],
  ["DEVUELTO", "returned"],
  ["DEVUELTA", "returned"],
  ["RECHAZADO", "rejected"],
  ["RECHAZADA", "rejected"],
  ["GUIA ANULADA", "cancelled"],
  ["GUÍA_ANULADA", "cancelled"],
  ["CANCELADO", "cancelled"],
  ["CANCELADA", "cancelled"],
  ["INDEMNIZADA", "lost"],
  ["INDEMNIZADO", "lost"],
];

describe("normaliseStatus", () => {
  for (const [raw, stage] of SPELLINGS) {
    it(`reads ${JSON.stringify(raw)} as ${stage}`, () => {
      expect(normaliseStatus(raw)).toBe(stage);
    });
  }

  it("reads every spelling of the reference file as a known stage", () => {
    for (const spelling of reference.statusSpellings.examples.flat()) {
      expect(STAGES, spelling).toContain(normaliseStatus(spelling));
    }
    expect(normaliseStatus(reference.statusWebhook.body.status)).toBe("label_created");
    expect(normaliseStatus(reference.orderById.answer.objects.status)).toBe("out_for_delivery");
  });

  it("keeps a status it does not know as unknown, never as another stage", () => {
    expect(normaliseStatus("EN ADUANA")).toBe("unknown");
    expect(normaliseStatus("")).toBe("unknown");
    expect(readStatus("En aduana").key).toBe("EN ADUANA");
  });

  it("gives one key to the spellings of one status, and different keys to different statuses", () => {
    expect(new Set(["EN TRANSITO", "EN_TRANSITO", "En tránsito ", "en  transito"].map(statusKey)).size).toBe(1);
    expect(statusKey("NOVEDAD")).not.toBe(statusKey("NOVEDAD SOLUCIONADA"));
    expect(statusKey("DEVOLUCION")).not.toBe(statusKey("EN DEVOLUCION"));
  });

  it("marks the statuses that close an incident without moving the stage", () => {
    expect(readStatus("Novedad solucionada").closesIncident).toBe(true);
    expect(readStatus("REENVÍO").closesIncident).toBe(true);
    expect(readStatus("EN TRANSITO").closesIncident).toBe(false);
  });
});

describe("a shop's own statuses", () => {
  it("reads a status the table does not know as the stage the shop chose, in any spelling", () => {
    const map = shopStatusMap({ "En aduana": "in_transit" });
    expect(normaliseStatus("EN_ADUANA", map)).toBe("in_transit");
    expect(normaliseStatus("EN ADUANA")).toBe("unknown");
  });

  it("is read before the table", () => {
    expect(normaliseStatus("RECLAME EN OFICINA", shopStatusMap({ "reclame en oficina": "out_for_delivery" }))).toBe(
      "out_for_delivery",
    );
  });

  it("leaves out entries that name no stage", () => {
    const map = shopStatusMap({ "EN ADUANA": "somewhere", "": "in_transit", NOVEDAD: 3 });
    expect(map.size).toBe(0);
  });
});
