import { describe, expect, it } from "vitest";
import { currentIncident, officeOf, type IncidentEvent } from "~/services/incidents/incident";
import { readStatus } from "~/services/journey/stages";

const at = (iso: string) => new Date(iso);
function event(rawStatus: string, iso: string, notes: string | null = null): IncidentEvent {
  const { stage, closesIncident } = readStatus(rawStatus);
  return { rawStatus, stage, closesIncident, reportedAt: at(iso), receivedAt: at(iso), notes };
}

describe("the incident a parcel is in", () => {
  it("is none before any incident and after a solved one", () => {
    expect(currentIncident([event("EN TRANSITO", "2026-11-25T10:00:00Z")])).toBeNull();
    expect(
      currentIncident([
        event("EN TRANSITO", "2026-11-25T10:00:00Z"),
        event("NOVEDAD", "2026-11-26T10:00:00Z"),
        event("NOVEDAD SOLUCIONADA", "2026-11-26T15:00:00Z"),
      ]),
    ).toBeNull();
  });

  it("keeps the opening of its run through a second incident status, with the latest words", () => {
    const incident = currentIncident([
      event("EN TRANSITO", "2026-11-25T10:00:00Z"),
      event("NOVEDAD", "2026-11-26T10:00:00Z", "Cliente ausente"),
      event("INTENTO DE ENTREGA", "2026-11-27T10:00:00Z", "Segundo intento fallido"),
    ]);
    expect(incident).toMatchObject({
      openedAt: at("2026-11-26T10:00:00Z"),
      rawStatus: "INTENTO DE ENTREGA",
      notes: "Segundo intento fallido",
      office: null,
    });
  });

  it("opens a new incident after a closing: the same status again is another key", () => {
    const incident = currentIncident([
      event("EN TRANSITO", "2026-11-25T10:00:00Z"),
      event("NOVEDAD", "2026-11-26T10:00:00Z"),
      event("NOVEDAD SOLUCIONADA", "2026-11-26T15:00:00Z"),
      event("NOVEDAD", "2026-11-28T09:00:00Z"),
    ]);
    expect(incident?.openedAt).toEqual(at("2026-11-28T09:00:00Z"));
  });

  it("reads the office and its last day from a RECLAME EN OFICINA status's words", () => {
    const incident = currentIncident([
      event("EN TRANSITO", "2026-11-25T10:00:00Z"),
      event("RECLAME EN OFICINA", "2026-11-26T10:00:00Z", "Reclamar en oficina Calle 10 # 5-20 hasta el 03/12/2026"),
    ]);
    expect(incident?.office).toEqual({ address: "Calle 10 # 5-20", deadline: "2026-12-03" });
    expect(officeOf("Oficina Servientrega Chapinero")).toEqual({ address: "Servientrega Chapinero", deadline: null });
    expect(officeOf(null)).toEqual({ address: null, deadline: null });
  });

  it("is none once the journey has ended", () => {
    expect(
      currentIncident([event("NOVEDAD", "2026-11-26T10:00:00Z"), event("ENTREGADO", "2026-11-27T10:00:00Z")]),
    ).toBeNull();
  });
});
