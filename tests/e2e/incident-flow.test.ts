import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminAction, adminFetch } from "../../sandbox/stack";
import { databaseEngine } from "../../app/db-adapter.server";
import { CARRIERS, PACE_STAGES } from "../../app/lib/carrier-pace";
import { eventually, getJson, postJson, query, type Stack } from "./helpers";
import { journeyHarness, startJourneyStack, SUPPLIER_TOKEN } from "./journey-harness";

const SHOP = "tienda-novedades.myshopify.com";
const INCIDENT_FLOW = "f_404";

interface Trigger {
  flowId: string;
  idempotencyKey: string | null;
  payload: Record<string, unknown>;
}

/**
 * The delivery-incident flow across the real stack (docs/decisions/330, 331): the supplier simulator pushes the
 * parcel's statuses (three copies of each), the app's worker triggers the automation simulator's incident flow
 * once per incident, and the flow's callback reports the buyer's answer, recorded, tagged and counted.
 */
describe("the delivery-incident flow, end to end", () => {
  let stack: Stack;
  let h: ReturnType<typeof journeyHarness>;

  const incidentTriggers = async (name: string) =>
    (
      await getJson<{ triggers: Trigger[] }>(`${stack.automationUrl}/sim/triggers?flowId=${INCIDENT_FLOW}`)
    ).body.triggers.filter((trigger) => trigger.payload.orderName === name);
  const incidentDeliveries = (name: string) =>
    query<{ id: string; status: string; lastErrorCode: string | null; attemptLog: string; tagsApplied: string }>(
      stack,
      `SELECT "id", "status", "lastErrorCode", "attemptLog", "tagsApplied" FROM "Delivery"
       WHERE "shop" = ? AND "topic" = 'journey/incident' AND "orderName" = ? ORDER BY "createdAt"`,
      [SHOP, name],
    );
  const setStatus = (supplierId: number, status: string, notes = "") =>
    postJson(`${stack.supplierUrl}/sim/orders/${supplierId}/status`, { status, notes });
  /** The label made (the guide and carrier given), then on its way. */
  const inTransit = async (supplierId: number) => {
    await setStatus(supplierId, "GUIA GENERADA");
    await setStatus(supplierId, "EN TRANSITO");
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 2_500));
  const saveIncidentFlow = async (fields: Record<string, string>) => {
    const response = await adminAction(stack, SHOP, "/app/settings", {
      intent: "incident-flow-save",
      flowId: INCIDENT_FLOW,
      tagPrefix: "novedad-",
      ...fields,
    });
    expect(response.status).toBe(200);
  };
  const pause = async (paused: boolean) => {
    const response = await adminFetch(stack, SHOP, "/api/automation/pause", {
      method: "POST",
      body: new URLSearchParams({ paused: String(paused) }),
    });
    expect(await response.json()).toMatchObject({ success: true, paused });
  };

  beforeAll(async () => {
    stack = await startJourneyStack(SHOP);
    h = journeyHarness(stack, SHOP);
    await saveIncidentFlow({});
    // The buyer answers on the test's command (POST /sim/answer-incident), not by itself.
    await postJson(`${stack.automationUrl}/sim/mode`, { incident: { answer: "none" } });
    await h.pushMode({ copies: 3 });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it("triggers once per incident, however often it is pushed, and again for a new incident after a solved one", async () => {
    const order = await h.confirmedOrder();
    await inTransit(order.supplierId);
    await setStatus(order.supplierId, "NOVEDAD", "Cliente no se encontraba en casa");
    const [first] = await eventually(
      async () => ((await incidentTriggers(order.name)).length ? incidentTriggers(order.name) : undefined),
      30_000,
      "the incident flow's trigger",
    );
    // The same incident pushed again (three copies each time), and a second incident status inside the same run.
    await h.repush();
    await h.repush();
    await settle();
    expect(await incidentTriggers(order.name)).toHaveLength(1);
    expect(first.payload).toMatchObject({
      eventType: "delivery_incident",
      reason: "incident",
      orderId: order.id,
      orderName: order.name,
      status: "NOVEDAD",
      notes: "Cliente no se encontraba en casa",
      supplierOrderId: String(order.supplierId),
      callbackUrl: expect.stringContaining("/api/automation/callback"),
    });
    expect(first.payload.phone).toMatch(/^\+57\d{10}$/);
    expect(first.payload.guide).toEqual(expect.any(String));
    expect(first.payload.carrier).toEqual(expect.any(String));
    expect(first.payload.totalPrice).toEqual(expect.any(String));
    expect((first.payload.products as unknown[]).length).toBeGreaterThan(0);
    expect(first.payload.customerName).toEqual(expect.any(String));

    // Solved, then a new incident: the parcel waits at the office until a day the carrier wrote.
    await setStatus(order.supplierId, "NOVEDAD SOLUCIONADA");
    await setStatus(order.supplierId, "RECLAME EN OFICINA", "Reclamar en oficina Calle 10 # 5-20 hasta el 2026-12-03");
    const both = await eventually(
      async () => {
        const found = await incidentTriggers(order.name);
        return found.length >= 2 ? found : undefined;
      },
      30_000,
      "the second incident's trigger",
    );
    await h.repush();
    await settle();
    expect(await incidentTriggers(order.name)).toHaveLength(2);
    expect(both[1].payload).toMatchObject({
      status: "RECLAME EN OFICINA",
      officeAddress: "Calle 10 # 5-20",
      officeDeadline: "2026-12-03",
    });
    expect(both[1].payload.incidentId).not.toBe(first.payload.incidentId);
    const rows = await incidentDeliveries(order.name);
    expect(rows.map((row) => row.status)).toEqual(["delivered", "delivered"]);
    expect(JSON.parse(rows[0].attemptLog)).toEqual([expect.objectContaining({ outcome: "delivered" })]);

    // The buyer asks for a new date: recorded on the second incident, tagged with the shop's prefix, counted.
    const answered = await postJson<{ callbacks: { httpStatus: number; body: string }[] }>(
      `${stack.automationUrl}/sim/answer-incident`,
      { orderName: order.name, answer: "new_date", daysLater: 4 },
    );
    expect(answered.body.callbacks[0].httpStatus).toBe(200);
    const answers = await query<{ deliveryId: string; answer: string; newDate: string | null; orderId: string }>(
      stack,
      `SELECT "deliveryId", "answer", "newDate", "orderId" FROM "IncidentAnswer" WHERE "shop" = ?`,
      [SHOP],
    );
    expect(answers).toEqual([
      {
        deliveryId: rows[1].id,
        answer: "new_date",
        newDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        orderId: order.id,
      },
    ]);
    expect(await h.tags(order.name)).toContain("novedad-new-date");
    const [second] = (await incidentDeliveries(order.name)).slice(1);
    expect(JSON.parse(second.tagsApplied)).toEqual(["novedad-new-date"]);
    const counts = await query<{ answer: string; n: number | string }>(
      stack,
      `SELECT "answer", COUNT(*) AS "n" FROM "IncidentAnswer" WHERE "shop" = ? GROUP BY "answer"`,
      [SHOP],
    );
    expect(counts.map((row) => [row.answer, Number(row.n)])).toEqual([["new_date", 1]]);

    // An answer the app cannot read is refused with the field's name, and changes nothing.
    const refused = await postJson<{ success: boolean; error: string }>(`${stack.appUrl}/api/automation/callback`, {
      apiKey: "sandbox-automation-key",
      orderName: order.name,
      incidentAnswer: "maybe later",
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ success: false, error: expect.stringContaining("incidentAnswer") });
  });

  it("holds an incident while the shop is paused and sends it once on resume", async () => {
    const order = await h.confirmedOrder();
    await inTransit(order.supplierId);
    await pause(true);
    await setStatus(order.supplierId, "INTENTO DE ENTREGA", "Dirección incompleta");
    await eventually(async () => (await incidentDeliveries(order.name)).length === 1, 30_000, "the incident recorded");
    await settle();
    expect(await incidentTriggers(order.name)).toEqual([]);
    expect((await incidentDeliveries(order.name)).map((row) => row.status)).toEqual(["queued"]);
    await pause(false);
    await eventually(async () => (await incidentTriggers(order.name)).length === 1, 30_000, "the trigger on resume");
    await h.repush();
    await settle();
    expect(await incidentTriggers(order.name)).toHaveLength(1);
  });

  it("waits for the shop's sending hours before writing to the buyer", async () => {
    const hour = (value: number) => `${String(((value % 24) + 24) % 24).padStart(2, "0")}:00`;
    const local = new Date(Date.now() - 5 * 3_600_000).getUTCHours();
    const rules = { noPhoneAction: "send", duplicateWindowMinutes: "" };
    const closed = {
      ...rules,
      sendingHoursOn: "on",
      sendingHoursFrom: hour(local + 2),
      sendingHoursTo: hour(local + 3),
    };
    const saveRules = async (fields: Record<string, string>) =>
      expect(
        (await adminFetch(stack, SHOP, "/app/order-rules", { method: "POST", body: new URLSearchParams(fields) }))
          .status,
      ).toBe(200);
    // The order itself goes out before the window closes; only its incident meets the closed window.
    const order = await h.confirmedOrder();
    await inTransit(order.supplierId);
    await saveRules(closed);
    await setStatus(order.supplierId, "TELEMERCADEO", "Confirmar dirección con el cliente");
    const [waiting] = await eventually(
      async () => {
        const rows = await incidentDeliveries(order.name);
        return rows[0]?.lastErrorCode === "waiting_for_window" ? rows : undefined;
      },
      30_000,
      "the incident waiting for the window",
    );
    expect(waiting.status).toBe("queued");
    expect(await incidentTriggers(order.name)).toEqual([]);
    // The window opens (the rules turned off, the wait's time come): it goes out once.
    await saveRules({ ...rules, sendingHoursOn: "off", sendingHoursFrom: "08:00", sendingHoursTo: "20:00" });
    await query(stack, `UPDATE "Delivery" SET "nextAttemptAt" = ? WHERE "id" = ?`, [
      databaseEngine(stack.databaseUrl) === "postgresql" ? new Date(0).toISOString() : 0,
      waiting.id,
    ]);
    await eventually(async () => (await incidentTriggers(order.name)).length === 1, 30_000, "the trigger at opening");
  });

  it("sends the incidents still open when the merchant turns the flow on, once, and not one delivered meanwhile", async () => {
    await saveIncidentFlow({ flowId: "" });
    const open = await h.confirmedOrder();
    const delivered = await h.confirmedOrder();
    await inTransit(open.supplierId);
    await inTransit(delivered.supplierId);
    await setStatus(open.supplierId, "NOVEDAD", "Cliente ausente");
    await setStatus(delivered.supplierId, "NOVEDAD", "Cliente ausente");
    await setStatus(delivered.supplierId, "ENTREGADO");
    const projected = () =>
      query<{ supplierOrderId: string; stage: string; openIncident: string | null }>(
        stack,
        `SELECT "supplierOrderId", "stage", "openIncident" FROM "SupplierOrder"
         WHERE "shop" = ? AND "supplierOrderId" IN (?, ?) ORDER BY "supplierOrderId"`,
        [SHOP, String(open.supplierId), String(delivered.supplierId)],
      );
    await eventually(
      async () => {
        const rows = await projected();
        return rows.some((row) => row.openIncident === "NOVEDAD") && rows.some((row) => row.stage === "delivered");
      },
      30_000,
      "the incident and the delivery recorded with no flow",
    );
    await settle();
    expect(await incidentTriggers(open.name)).toEqual([]);

    // Turned on: the open incident is sent by the rescue job; turned off and on again, nothing twice.
    await saveIncidentFlow({});
    const [rescued] = await eventually(
      async () => ((await incidentTriggers(open.name)).length ? incidentTriggers(open.name) : undefined),
      30_000,
      "the open incident's trigger",
    );
    expect(rescued.payload).toMatchObject({ reason: "incident", status: "NOVEDAD", notes: "Cliente ausente" });
    await saveIncidentFlow({ flowId: "" });
    await saveIncidentFlow({});
    await h.repush();
    await settle();
    expect(await incidentTriggers(open.name)).toHaveLength(1);
    expect(await incidentTriggers(delivered.name)).toEqual([]);
  });

  it("triggers a stuck parcel once per stuck stage when the merchant turned it on", async () => {
    await saveIncidentFlow({ stuckTrigger: "true" });
    const order = await h.confirmedOrder();
    // A parcel in transit for three days, with a carrier pace of one day everywhere.
    const pace = Object.fromEntries(
      CARRIERS.map((carrier) => [carrier, Object.fromEntries(PACE_STAGES.map((stage) => [stage, 1]))]),
    );
    const saved = await adminAction(stack, SHOP, "/app/settings", {
      intent: "supplier-carrier-pace-save",
      carrierPace: JSON.stringify(pace),
    });
    expect(saved.status).toBe(200);
    const { registrations } = (
      await getJson<{ registrations: { token: string; url: string }[] }>(`${stack.supplierUrl}/sim/status-webhook`)
    ).body;
    const receiver = registrations.find((entry) => entry.token === SUPPLIER_TOKEN)!.url;
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString().replace("T", " ").slice(0, 19);
    const pushed = await postJson(receiver, { id: order.supplierId, status: "EN TRANSITO", updated_at: threeDaysAgo });
    expect(pushed.status).toBe(200);
    await eventually(
      async () =>
        (
          await query<{ stage: string }>(
            stack,
            `SELECT "stage" FROM "SupplierOrder" WHERE "shop" = ? AND "supplierOrderId" = ?`,
            [SHOP, String(order.supplierId)],
          )
        )[0]?.stage === "in_transit",
      30_000,
      "the parcel in transit",
    );
    const runStuckCheck = () =>
      databaseEngine(stack.databaseUrl) === "postgresql"
        ? query(
            stack,
            `UPDATE graphile_worker._private_jobs SET run_at = now() WHERE locked_at IS NULL AND task_id IN (
               SELECT id FROM graphile_worker._private_tasks WHERE identifier = ?)`,
            ["incident-stuck-parcels"],
          )
        : query(
            stack,
            `UPDATE "Job" SET "runAt" = '1970-01-01T00:00:00.000+00:00' WHERE "kind" = ? AND "lockedBy" IS NULL`,
            ["incident-stuck-parcels"],
          );
    const [stuck] = await eventually(
      async () => {
        await runStuckCheck();
        const found = await incidentTriggers(order.name);
        return found.length ? found : undefined;
      },
      45_000,
      "the stuck parcel's trigger",
    );
    expect(stuck.payload).toMatchObject({ reason: "stuck", stuck: { stage: "in_transit", usual: 1 } });
    // The check runs again: the same stuck stage is not triggered twice.
    await runStuckCheck();
    await settle();
    await runStuckCheck();
    await settle();
    expect(await incidentTriggers(order.name)).toHaveLength(1);
  });
});
