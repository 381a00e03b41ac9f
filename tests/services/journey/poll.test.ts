import { HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { pollingPause, pollSupplierOrders } from "~/services/journey/poll.server";
import { applyStatusEvents, insertStatusEvent } from "~/services/journey/record.server";
import { createConfiguration, shopDomain } from "../../helpers/factories";
import { mockSupplierOrderReads } from "../../mocks/supplier";
import { runDueJobs } from "../jobs/run-due";

const T0 = new Date("2026-11-27T12:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const market = (offsetMinutes: number) =>
  at(offsetMinutes * MINUTE)
    .toISOString()
    .slice(0, 19)
    .replace("T", " ");

async function shopWithToken(token: string) {
  const shop = shopDomain();
  await createConfiguration(shop, { supplierToken: token });
  return shop;
}

/** Orders in transit for a week: longer than any carrier's usual days there, so each looks late and is due. */
async function openOrders(shop: string, count: number, from = 0) {
  const weekAgo = at(-7 * DAY);
  await prisma.supplierOrder.createMany({
    data: Array.from({ length: count }, (_, index) => ({
      shop,
      supplierOrderId: String(from + index + 1),
      stage: "in_transit",
      stageSince: weekAgo,
      lastEventAt: weekAgo,
      createdAt: weekAgo,
    })),
  });
}

describe("polling supplier orders within each token's budget", () => {
  it("never spends more than 30 calls in any minute with 500 open orders, and reaches every order", async () => {
    const reads = mockSupplierOrderReads();
    const shop = await shopWithToken("token-a");
    await openOrders(shop, 500);
    for (let id = 1; id <= 500; id++) {
      reads.set("token-a", String(id), {
        status: "EN TRANSITO",
        history: [
          { status: "GUIA_GENERADA", created_at: market(-60) },
          { status: "EN TRANSITO", created_at: market(-30) },
        ],
      });
    }
    // Runs every 20 s (three times the job's pace) for 25 minutes: the budget is a sliding minute, not a period;
    // each call counts from when it was made, so 500 orders take a little over 17 minutes.
    const runs: { at: number; calls: number }[] = [];
    for (let elapsed = 0; elapsed <= 25 * MINUTE; elapsed += 20 * SECOND) {
      const before = reads.calls.length;
      await pollSupplierOrders(at(elapsed));
      runs.push({ at: elapsed, calls: reads.calls.length - before });
    }
    for (const run of runs) {
      const inMinute = runs.filter((other) => other.at > run.at - MINUTE && other.at <= run.at);
      expect(inMinute.reduce((sum, other) => sum + other.calls, 0)).toBeLessThanOrEqual(30);
    }
    expect(new Set(reads.calls.map((call) => call.id)).size).toBe(500);
    await runDueJobs("journey-apply", at(25 * MINUTE));
    expect(await prisma.supplierOrder.count({ where: { shop, stage: "in_transit" } })).toBe(500);
    expect(await prisma.supplierStatusEvent.count({ where: { shop, source: "poll" } })).toBe(1000);
    // Each run is paced in real time by the calls of the run a minute before: slow on a loaded machine.
  }, 600_000);

  it("spends the whole budget each minute when the job runs once a minute", async () => {
    const reads = mockSupplierOrderReads();
    const shop = await shopWithToken("token-m");
    await openOrders(shop, 100);
    for (let id = 1; id <= 100; id++) {
      reads.set("token-m", String(id), {
        status: "EN TRANSITO",
        history: [{ status: "EN TRANSITO", created_at: market(0) }],
      });
    }
    // The previous run's calls were made a few milliseconds after its minute began: they leave the window during
    // this run, so it waits for them rather than giving up its minute.
    const perRun: number[] = [];
    for (let minute = 0; minute < 3; minute++) {
      const before = reads.calls.length;
      await pollSupplierOrders(at(minute * MINUTE));
      perRun.push(reads.calls.length - before);
    }
    expect(perRun).toEqual([30, 30, 30]);
  });

  it("shares one budget among the shops of one token", async () => {
    const reads = mockSupplierOrderReads();
    const first = await shopWithToken("shared-token");
    const second = await shopWithToken("shared-token");
    const other = await shopWithToken("other-token");
    await openOrders(first, 40);
    await openOrders(second, 40, 100);
    await openOrders(other, 40, 200);
    await pollSupplierOrders(T0);
    const byToken = (token: string) => reads.calls.filter((call) => call.token === token).length;
    expect(byToken("shared-token")).toBe(30);
    expect(byToken("other-token")).toBe(30);
    await pollSupplierOrders(at(30 * SECOND));
    expect(reads.calls).toHaveLength(60);
  });

  it("stops asking a locked-out token until the lockout ends, then resumes", async () => {
    const reads = mockSupplierOrderReads();
    const shop = await shopWithToken("token-l");
    await openOrders(shop, 5);
    for (let id = 1; id <= 5; id++) {
      reads.set("token-l", String(id), {
        status: "ENTREGADO",
        history: [{ status: "ENTREGADO", created_at: market(0) }],
      });
    }
    reads.answer(() =>
      HttpResponse.json({ message: "Too Many Attempts." }, { status: 429, headers: { "Retry-After": "7200" } }),
    );
    await pollSupplierOrders(T0);
    expect(reads.calls).toHaveLength(1);
    expect(await pollingPause(shop, T0)).toEqual({ until: at(2 * HOUR).toISOString(), reason: "locked" });

    reads.answer(null);
    for (let elapsed = MINUTE; elapsed < 2 * HOUR; elapsed += 10 * MINUTE) await pollSupplierOrders(at(elapsed));
    expect(reads.calls).toHaveLength(1);

    await pollSupplierOrders(at(2 * HOUR));
    expect(reads.calls).toHaveLength(6);
    await runDueJobs("journey-apply", at(2 * HOUR));
    expect(await prisma.supplierOrder.count({ where: { shop, stage: "delivered" } })).toBe(5);
    expect(await pollingPause(shop, at(2 * HOUR))).toBeNull();
  });

  it("reads the marketplace's lockout wording without a 429 as a lockout of three hours", async () => {
    const reads = mockSupplierOrderReads();
    const shop = await shopWithToken("token-w");
    await openOrders(shop, 3);
    reads.answer(() => HttpResponse.json({ isSuccess: false, message: "Too Many Attempts." }, { status: 403 }));
    await pollSupplierOrders(T0);
    expect(await pollingPause(shop, T0)).toEqual({ until: at(3 * HOUR).toISOString(), reason: "locked" });
    await pollSupplierOrders(at(3 * HOUR - MINUTE));
    expect(reads.calls).toHaveLength(1);
  });

  it("finds the statuses whose push was dropped once the order looks late, keeping a pushed status once", async () => {
    const reads = mockSupplierOrderReads();
    const shop = await shopWithToken("token-d");
    // The first status came by push, which carries no time.
    await insertStatusEvent(shop, "push", { supplierOrderId: "4821937", rawStatus: "GUIA_GENERADA" }, at(-HOUR));
    await applyStatusEvents(shop, "4821937", { now: at(-HOUR) });
    // The marketplace moved on; its pushes of the next two statuses never arrived.
    reads.set("token-d", "4821937", {
      status: "ENTREGADO",
      history: [
        { status: "GUIA_GENERADA", created_at: market(-120) },
        { status: "EN TRANSITO", created_at: market(-60) },
        { status: "ENTREGADO", created_at: market(-5) },
      ],
    });
    // A label usually waits up to 2 days for its carrier (decision 303), plus the margin: not late before that.
    await pollSupplierOrders(T0);
    await pollSupplierOrders(at(2 * DAY));
    expect(reads.calls).toHaveLength(0);
    const late = at(-HOUR + 2 * DAY + 6 * HOUR);
    await pollSupplierOrders(late);
    expect(reads.calls).toHaveLength(1);
    await runDueJobs("journey-apply", late);
    expect(await prisma.supplierOrder.findFirst({ where: { shop } })).toMatchObject({
      stage: "delivered",
      eventCount: 3,
      lastPolledAt: late,
    });
    const events = await prisma.supplierStatusEvent.findMany({ where: { shop }, orderBy: { rawStatus: "asc" } });
    expect(events.map((event) => [event.rawStatus, event.source])).toEqual([
      ["EN TRANSITO", "poll"],
      ["ENTREGADO", "poll"],
      ["GUIA_GENERADA", "push"],
    ]);
    // A delivered order is never asked about again.
    await pollSupplierOrders(at(10 * DAY));
    expect(reads.calls).toHaveLength(1);
  });

  it("asks an order the token does not know again only a day later", async () => {
    const reads = mockSupplierOrderReads();
    const shop = await shopWithToken("token-s");
    await openOrders(shop, 1);
    await pollSupplierOrders(T0);
    expect(reads.calls).toHaveLength(1);
    const order = await prisma.supplierOrder.findFirstOrThrow({ where: { shop } });
    expect(order.nextPollAt!.getTime() - T0.getTime()).toBe(DAY);
  });
});
