import { describe, expect, it } from "vitest";
import { newSteps, planSteps } from "~/services/journey/follow-plan";
import type { JourneyEvent } from "~/services/journey/project";
import { readStatus } from "~/services/journey/stages";
import { trackingOf } from "~/services/journey/steps/tracking";

const T0 = Date.parse("2026-11-24T10:00:00Z");
const event = (rawStatus: string, hours: number): JourneyEvent => {
  const { stage, closesIncident } = readStatus(rawStatus);
  return { rawStatus, stage, closesIncident, reportedAt: new Date(T0 + hours * 3_600_000), receivedAt: new Date() };
};
const names = (events: JourneyEvent[]) => planSteps(events).map((step) => step.step);

describe("the steps a journey owes", () => {
  it("owes nothing before the parcel ships", () => {
    expect(names([event("PENDIENTE CONFIRMACION", 0)])).toEqual([]);
  });

  it("fulfils once, then an event per later stage, then paid, whatever order the statuses came in", () => {
    const history = [event("ENTREGADO", 4), event("EN REPARTO", 3), event("GUIA GENERADA", 1), event("EN TRANSITO", 2)];
    expect(names(history)).toEqual(["fulfil", "event:in_transit", "event:out_for_delivery", "event:delivered", "paid"]);
  });

  it("fulfils a parcel first heard of in transit before telling the stage", () => {
    expect(names([event("EN TRANSITO", 2)])).toEqual(["fulfil", "event:in_transit"]);
  });

  it("ends a cancelled guide without fulfilling it", () => {
    expect(names([event("PENDIENTE", 0), event("GUIA ANULADA", 1)])).toEqual(["end"]);
  });

  it("never owes a stage that would run before one already owed", () => {
    const recorded = [
      { step: "fulfil", position: 20 },
      { step: "event:delivered", position: 70 },
    ];
    const late = planSteps([event("GUIA GENERADA", 1), event("EN REPARTO", 3)]);
    expect(newSteps(late, recorded)).toEqual([]);
  });
});

describe("the fulfilment's tracking", () => {
  it("names a carrier on the platform's list exactly as listed", () => {
    expect(trackingOf(" 240012345678 ", "COORDINADORA")).toEqual({
      number: "240012345678",
      company: "Coordinadora",
      url: null,
    });
    expect(trackingOf("1Z999", "dhl express")).toMatchObject({ company: "DHL Express" });
  });

  it("names the carriers the platform does not list by their usual name", () => {
    expect(trackingOf("9001", "SERVIENTREGA").company).toBe("Servientrega");
    expect(trackingOf("9001", "INTER RAPIDISIMO").company).toBe("Interrapidisimo");
    expect(trackingOf("9001", "Transportes Locales").company).toBe("Transportes Locales");
    expect(trackingOf(null, null)).toEqual({ number: null, company: null, url: null });
  });
});
