import { describe, expect, it } from "vitest";
import {
  canonical,
  KNOWN_STATUSES,
  MAIN_PATH,
  remainingSteps,
  SCRIPTS,
  spell,
  SPELLINGS,
} from "../../sandbox/supplier/lifecycle";
import reference from "../fixtures/reference/supplier-order-status.json";

describe("the supplier simulator's lifecycle", () => {
  it("spells every status of the reference's examples back to the status it stands for", () => {
    // A group is one stage's spellings; the stage may be more than one status (DEVOLUCION, EN DEVOLUCION).
    for (const group of reference.statusSpellings.examples) {
      for (const spelling of group) expect(KNOWN_STATUSES).toContain(canonical(spelling));
    }
    expect(canonical("En tránsito ")).toBe("EN TRANSITO");
    expect(canonical("guia_generada")).toBe("GUIA_GENERADA");
    expect(canonical("ENTREGADA")).toBe("ENTREGADO");
    expect(canonical("Pendiente confirmación")).toBe("PENDIENTE CONFIRMACION");
  });

  it("writes each spelling the way a deployment does, and reads it back", () => {
    expect(spell("GUIA_GENERADA", "spaces")).toBe("GUIA GENERADA");
    expect(spell("EN TRANSITO", "underscores")).toBe("EN_TRANSITO");
    expect(spell("GUIA_GENERADA", "accents")).toBe("GUÍA_GENERADA");
    expect(spell("EN TRANSITO", "title")).toBe("En tránsito");
    expect(spell("ENTREGADO", "feminine")).toBe("ENTREGADA");
    expect(spell("EN REPARTO", "padded")).toBe(" EN REPARTO ");
    for (const spelling of SPELLINGS) {
      for (const status of MAIN_PATH) expect(canonical(spell(status, spelling))).toBe(status);
    }
  });

  it("continues a script from where the order is, whatever it walked before", () => {
    const walked = MAIN_PATH.slice(0, MAIN_PATH.indexOf("EN TRANSITO") + 1);
    expect(remainingSteps(SCRIPTS["novedad-then-solved"], walked)).toEqual([
      "NOVEDAD",
      "NOVEDAD SOLUCIONADA",
      "EN TERMINAL DESTINO",
      "EN REPARTO",
      "ENTREGADO",
    ]);
    expect(remainingSteps(SCRIPTS.return, [...MAIN_PATH.slice(0, 11)])).toEqual([
      "INTENTO DE ENTREGA",
      "DEVOLUCION",
      "EN DEVOLUCION",
      "DEVUELTO",
    ]);
    expect(remainingSteps(SCRIPTS.rejected, ["PENDIENTE CONFIRMACION", "PENDIENTE"])).toEqual([
      ...MAIN_PATH.slice(2, 11),
      "RECHAZADO",
    ]);
    expect(remainingSteps(SCRIPTS.delivered, [...MAIN_PATH])).toEqual([]);
  });
});
