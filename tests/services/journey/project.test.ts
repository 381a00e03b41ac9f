import { describe, expect, it } from "vitest";
import { projectJourney, type JourneyEvent } from "~/services/journey/project";
import { readStatus } from "~/services/journey/stages";

const at = (hour: number) => new Date(Date.UTC(2026, 10, 24, hour));

/** An event as the store reads it back: the raw status, when the carrier said it happened, when it came. */
function event(rawStatus: string, reportedHour: number | null, receivedHour = reportedHour ?? 0): JourneyEvent {
  const { stage, closesIncident } = readStatus(rawStatus);
  return {
    rawStatus,
    stage,
    closesIncident,
    reportedAt: reportedHour === null ? null : at(reportedHour),
    receivedAt: at(receivedHour),
  };
}

describe("projectJourney", () => {
  it("follows the main path to delivered, each stage since its own time", () => {
    const state = projectJourney([
      event("PENDIENTE", 1),
      event("GUIA_GENERADA", 2),
      event("EN TRANSITO", 3),
      event("EN REPARTO", 4),
      event("ENTREGADO", 5),
    ]);
    expect(state).toMatchObject({ stage: "delivered", stageSince: at(5), rawStatus: "ENTREGADO", openIncident: null });
  });

  it("gives the same state whatever order the events came in", () => {
    const events = [event("GUIA_GENERADA", 2), event("EN TRANSITO", 3), event("ENTREGADO", 5), event("EN REPARTO", 4)];
    const reversed = [...events].reverse();
    expect(projectJourney(reversed)).toEqual(projectJourney(events));
    expect(projectJourney(reversed).stage).toBe("delivered");
  });

  it("never steps back: a late EN TRANSITO after ENTREGADO is history only", () => {
    const state = projectJourney([event("ENTREGADO", 5), event("EN TRANSITO", null, 6)]);
    expect(state).toMatchObject({ stage: "delivered", stageSince: at(5), rawStatus: "ENTREGADO" });
  });

  it("opens an incident beside the stage and closes it when it is solved", () => {
    const open = [event("EN TRANSITO", 3), event("NOVEDAD", 4)];
    expect(projectJourney(open)).toMatchObject({ stage: "in_transit", openIncident: "NOVEDAD", incidentSince: at(4) });
    const solved = projectJourney([...open, event("NOVEDAD SOLUCIONADA", 5)]);
    expect(solved).toMatchObject({ stage: "in_transit", stageSince: at(3), openIncident: null, incidentSince: null });
  });

  it("closes an incident when the parcel moves on, not when an older status arrives late", () => {
    const moved = projectJourney([event("EN TRANSITO", 3), event("INTENTO DE ENTREGA", 4), event("EN REPARTO", 5)]);
    expect(moved).toMatchObject({ stage: "out_for_delivery", openIncident: null });
    const late = projectJourney([event("EN REPARTO", 3), event("NOVEDAD", 4), event("EN TRANSITO", null, 6)]);
    expect(late).toMatchObject({ stage: "out_for_delivery", openIncident: "NOVEDAD" });
  });

  it("leaves no incident open once the journey has ended", () => {
    expect(projectJourney([event("NOVEDAD", 3), event("DEVUELTO", 4)])).toMatchObject({
      stage: "returned",
      openIncident: null,
    });
    expect(projectJourney([event("ENTREGADO", 3), event("NOVEDAD", null, 5)])).toMatchObject({
      stage: "delivered",
      openIncident: null,
    });
  });

  it("goes on to a return after an incident, and keeps the first ending reached", () => {
    const state = projectJourney([
      event("EN REPARTO", 1),
      event("NOVEDAD", 2),
      event("EN DEVOLUCION", 3),
      event("DEVUELTO", 4),
      event("CANCELADO", 5),
    ]);
    expect(state).toMatchObject({ stage: "returned", stageSince: at(4) });
  });

  it("shows an unknown status as the latest raw status without moving the stage", () => {
    const state = projectJourney([event("EN TRANSITO", 3), event("EN ADUANA", 4)]);
    expect(state).toMatchObject({ stage: "in_transit", rawStatus: "EN ADUANA" });
    expect(projectJourney([event("EN ADUANA", 1)])).toMatchObject({ stage: "unknown", rawStatus: "EN ADUANA" });
  });

  it("keeps the latest guide and carrier given", () => {
    const state = projectJourney([
      { ...event("GUIA_GENERADA", 2), guide: "240012345678", carrier: "COORDINADORA" },
      { ...event("EN TRANSITO", 3), guide: null, carrier: null },
    ]);
    expect(state).toMatchObject({ guide: "240012345678", carrier: "COORDINADORA" });
  });
});
