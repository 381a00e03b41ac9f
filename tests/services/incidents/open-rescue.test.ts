import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { clearFlowCache } from "~/services/automation/client.server";
import { owedOnTurningOn, RESCUE_BATCH, RESCUE_WINDOW_MS } from "~/services/incidents/open-incidents.server";
import { saveIncidentFlow } from "~/services/incidents/settings-save.server";
import { INCIDENT_TOPIC } from "~/services/incidents/topic";
import { applyStatusEvents, insertStatusEvent } from "~/services/journey/record.server";
import { createAutomatedShop } from "../../helpers/factories";
import { flowsHandler } from "../../mocks/automation";
import { server } from "../../mocks/server";
import { runDueJobs } from "../jobs/run-due";

const HOUR = 3_600_000;
const FLOWS = [
  { id: "f_101", name: "Confirmar pedido", status: "active" },
  { id: "f_202", name: "Carrito abandonado", status: "active" },
  { id: "f_404", name: "Novedades", status: "active" },
];

beforeEach(() => {
  clearFlowCache();
  server.use(flowsHandler(FLOWS));
});

const turn = (shop: string, on: boolean) =>
  saveIncidentFlow(shop, { flowId: on ? "f_404" : null, stuckTrigger: false, tagPrefix: "automation-novedad-" });

/** A matched parcel's statuses, each `hoursAgo` before now, applied as the journey applies them. */
async function parcel(shop: string, id: string, statuses: [string, number][]) {
  for (const [rawStatus, hoursAgo] of statuses)
    await insertStatusEvent(shop, "push", {
      supplierOrderId: id,
      rawStatus,
      reportedAt: new Date(Date.now() - hoursAgo * HOUR),
    });
  await applyStatusEvents(shop, id, { storeOrder: { orderId: `order-${id}`, orderName: `#${id}` } });
}

const incidentTriggers = async (shop: string) =>
  (await prisma.delivery.findMany({ where: { shop, topic: INCIDENT_TOPIC }, select: { eventId: true } })).map(
    (row) => row.eventId,
  );

describe("the incidents still open when the merchant turns the incident flow on", () => {
  it("sends each open incident once, and not one solved, too old, or already sent", async () => {
    const shop = await createAutomatedShop();
    await turn(shop, true);
    await parcel(shop, "SENT", [
      ["EN TRANSITO", 30],
      ["NOVEDAD", 20],
    ]);
    expect(await incidentTriggers(shop)).toHaveLength(1);
    await turn(shop, false);
    await parcel(shop, "OPEN", [
      ["EN TRANSITO", 30],
      ["NOVEDAD", 10],
      ["RECLAME EN OFICINA", 5],
    ]);
    await parcel(shop, "SOLVED", [
      ["NOVEDAD", 10],
      ["ENTREGADO", 2],
    ]);
    await parcel(shop, "OLD", [["NOVEDAD", RESCUE_WINDOW_MS / HOUR + 1]]);
    expect(await incidentTriggers(shop)).toHaveLength(1);
    // The settings page's count, before the merchant turns it on.
    expect(await owedOnTurningOn(shop)).toEqual({ incidents: 1, stuck: 0 });

    await turn(shop, true);
    expect(await incidentTriggers(shop)).toHaveLength(1);
    expect(await runDueJobs("incident-open-rescue")).toBe(1);
    const opened = new Date(Date.now() - 10 * HOUR);
    const triggers = await incidentTriggers(shop);
    expect(triggers).toHaveLength(2);
    // The run opened with its first incident status: the key the record path would have given it.
    expect(triggers).toContainEqual(expect.stringMatching(/^incident:OPEN:\d+$/));
    const key = Number(triggers.find((id) => id.startsWith("incident:OPEN:"))!.split(":")[2]);
    expect(Math.abs(key - opened.getTime())).toBeLessThan(60_000);
    expect(await owedOnTurningOn(shop)).toEqual({ incidents: 0, stuck: 0 });

    // The same statuses applied again (a repeated push) owe nothing more.
    await applyStatusEvents(shop, "OPEN");
    expect(await incidentTriggers(shop)).toHaveLength(2);
  });

  it("sends nothing twice when the flow is turned off and on again", async () => {
    const shop = await createAutomatedShop();
    await parcel(shop, "A", [["NOVEDAD", 3]]);
    await turn(shop, true);
    await runDueJobs("incident-open-rescue");
    expect(await incidentTriggers(shop)).toEqual([expect.stringMatching(/^incident:A:/)]);
    await turn(shop, false);
    await turn(shop, true);
    expect(await runDueJobs("incident-open-rescue")).toBe(1);
    expect(await incidentTriggers(shop)).toHaveLength(1);
  });

  it("owes nothing when the flow is turned off again before the job runs", async () => {
    const shop = await createAutomatedShop();
    await parcel(shop, "A", [["NOVEDAD", 3]]);
    await turn(shop, true);
    await turn(shop, false);
    await runDueJobs("incident-open-rescue");
    expect(await incidentTriggers(shop)).toEqual([]);
  });

  it("sends each incident once under two saves at once and the parcel's own statuses applied meanwhile", async () => {
    const shop = await createAutomatedShop();
    await parcel(shop, "A", [["NOVEDAD", 3]]);
    await parcel(shop, "B", [["NOVEDAD", 4]]);
    await Promise.all([turn(shop, true), turn(shop, true)]);
    await Promise.all([runDueJobs("incident-open-rescue"), applyStatusEvents(shop, "A"), applyStatusEvents(shop, "B")]);
    await runDueJobs("incident-open-rescue");
    expect((await incidentTriggers(shop)).sort()).toEqual([
      expect.stringMatching(/^incident:A:/),
      expect.stringMatching(/^incident:B:/),
    ]);
  });

  it("reads a large shop in batches, each run adding the next", async () => {
    const shop = await createAutomatedShop();
    const at = new Date(Date.now() - HOUR);
    const ids = Array.from({ length: RESCUE_BATCH + 5 }, (_, index) => `P${String(index).padStart(4, "0")}`);
    await prisma.supplierOrder.createMany({
      data: ids.map((id) => ({
        shop,
        supplierOrderId: id,
        orderId: `order-${id}`,
        stage: "in_transit",
        openIncident: "NOVEDAD",
        incidentSince: at,
        eventCount: 1,
      })),
    });
    await prisma.supplierStatusEvent.createMany({
      data: ids.map((id) => ({
        shop,
        supplierOrderId: id,
        rawStatus: "NOVEDAD",
        dedupeKey: `novedad|${at.toISOString()}`,
        stage: "incident",
        reportedAt: at,
        receivedAt: at,
        source: "push",
      })),
    });
    expect((await owedOnTurningOn(shop)).incidents).toBe(RESCUE_BATCH + 5);
    await turn(shop, true);
    expect(await runDueJobs("incident-open-rescue")).toBe(1);
    expect(await incidentTriggers(shop)).toHaveLength(RESCUE_BATCH);
    expect(await runDueJobs("incident-open-rescue")).toBe(1);
    expect(await incidentTriggers(shop)).toHaveLength(RESCUE_BATCH + 5);
    expect(await runDueJobs("incident-open-rescue")).toBe(0);
  });
});
