import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { finishUnattendedLoopTests } from "~/services/loop-test/loop-test.server";
import { LOOP_DEADLINES_MS } from "~/services/loop-test/steps.server";
import { shopDomain } from "../../helpers/factories";

const LONGEST_MS = Object.values(LOOP_DEADLINES_MS).reduce((sum, ms) => sum + ms, 0);

describe("loop tests nobody is watching", () => {
  it("are finished by the periodic job once their webhook deadline passed, and recent ones keep running", async () => {
    const now = new Date("2026-11-23T15:00:00.000Z");
    const shop = shopDomain();
    // Placed before its order existed on the platform (no order id), then the page was closed.
    const stale = await prisma.loopTest.create({
      data: { shop, startedAt: new Date(now.getTime() - LONGEST_MS - 1_000) },
    });
    const noWebhook = await prisma.loopTest.create({
      data: { shop: shopDomain(), startedAt: new Date(now.getTime() - LOOP_DEADLINES_MS.webhook - 1_000) },
    });
    const recent = await prisma.loopTest.create({ data: { shop, startedAt: new Date(now.getTime() - 5_000) } });

    expect(await finishUnattendedLoopTests(now)).toBe(2);

    const rows = new Map((await prisma.loopTest.findMany()).map((row) => [row.id, row]));
    expect(rows.get(stale.id)).toMatchObject({ outcome: "failed", failedStep: "webhook", finishedAt: now });
    expect(rows.get(noWebhook.id)).toMatchObject({ outcome: "failed", failedStep: "webhook", problem: "no_webhook" });
    expect(rows.get(recent.id)).toMatchObject({ outcome: "running", finishedAt: null });
    // Nothing left to do the next time.
    expect(await finishUnattendedLoopTests(now)).toBe(0);
  });
});
