import { beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action, loader } from "~/routes/app.settings/route";
import { clearFlowCache } from "~/services/automation/client.server";
import { oweStuckTriggers } from "~/services/incidents/trigger.server";
import { applyStatusEvents, insertStatusEvent } from "~/services/journey/record.server";
import { createAutomatedShop } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { flowsHandler } from "../mocks/automation";
import { server } from "../mocks/server";
import { runDueJobs } from "../services/jobs/run-due";

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

const owed = async (shop: string) =>
  (await loader({ request: await adminRequest("/app/settings", shop), params: {}, context: {} })).incidentFlow
    .owedOnTurningOn;

const save = async (shop: string, fields: Record<string, string>) => {
  const result = await action({
    request: await adminRequest(
      "/app/settings",
      shop,
      formBody({ intent: "incident-flow-save", tagPrefix: "automation-novedad-", ...fields }),
    ),
    params: {},
    context: {},
  });
  expect(result.status).toBe(200);
};

async function openIncident(shop: string, id: string, hoursAgo: number) {
  await insertStatusEvent(shop, "push", {
    supplierOrderId: id,
    rawStatus: "NOVEDAD",
    reportedAt: new Date(Date.now() - hoursAgo * HOUR),
  });
  await applyStatusEvents(shop, id, { storeOrder: { orderId: `order-${id}`, orderName: `#${id}` } });
}

const triggers = (shop: string) => prisma.delivery.count({ where: { shop, topic: "journey/incident" } });

describe("the incident flow's card: what turning it on sends (docs/decisions/343)", () => {
  it("counts the open incidents the flow will be sent, and the save owes them by a job, not in the request", async () => {
    const shop = await createAutomatedShop();
    await openIncident(shop, "A", 2);
    await openIncident(shop, "B", 30);
    expect(await owed(shop)).toEqual({ incidents: 2, stuck: 0 });

    await save(shop, { flowId: "f_404" });
    expect(await triggers(shop)).toBe(0);
    await runDueJobs("incident-open-rescue");
    expect(await triggers(shop)).toBe(2);
    expect((await owed(shop)).incidents).toBe(0);
  });

  it("counts the stuck parcels the switch will send, as the periodic look then sends them", async () => {
    const shop = await createAutomatedShop();
    await prisma.supplierOrder.createMany({
      data: ["S1", "S2", "S3"].map((id, index) => ({
        shop,
        supplierOrderId: id,
        orderId: `order-${id}`,
        // Two stand still in transit for 40 days; one moved today.
        stage: "in_transit",
        stageSince: new Date(Date.now() - (index < 2 ? 40 * 24 : 1) * HOUR),
      })),
    });
    await save(shop, { flowId: "f_404" });
    expect(await owed(shop)).toEqual({ incidents: 0, stuck: 2 });
    await save(shop, { flowId: "f_404", stuckTrigger: "true" });
    expect(await owed(shop)).toEqual({ incidents: 0, stuck: 0 });
    expect(await oweStuckTriggers()).toBe(2);
    await save(shop, { flowId: "f_404", stuckTrigger: "false" });
    expect(await owed(shop)).toEqual({ incidents: 0, stuck: 0 });
  });
});
