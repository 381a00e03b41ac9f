import { copyFileSync, mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { en } from "~/i18n/en";
import { es } from "~/i18n/es";
import type { LoopStep, LoopStepKey, LoopStepState, LoopTestView } from "~/lib/loop-test";
import { seriousAxeFindings } from "./harness/axe";
import { SCREENSHOT_DIR, screenshot } from "./harness/browser";
import { useAdmin } from "./harness/fixture";
import { configuredShop, withOrdersAndDeliveries } from "./harness/seed";
import { shown } from "./harness/shown";

const POLL = { timeout: 15_000 };
// Two of them are kept in the repository for the "Show" list; all are in test-results/screenshots.
const KEPT = new Set(["loop-test-passed-es-1400", "loop-test-failed-en-390"]);
async function shot(page: Parameters<typeof screenshot>[0], name: string) {
  await screenshot(page, name);
  if (!KEPT.has(name)) return;
  mkdirSync("docs/screenshots", { recursive: true });
  copyFileSync(path.join(SCREENSHOT_DIR, `${name}.png`), `docs/screenshots/${name}.png`);
}
const KEYS: LoopStepKey[] = ["webhook", "trigger", "callback", "tag"];

/** The four steps: the first `done` with their times, then one in `next` state, the rest pending. */
function steps(times: number[], next: LoopStepState | null = "waiting"): LoopStep[] {
  return KEYS.map((key, index) => {
    if (index < times.length) return { key, state: "done", afterMs: times[index] };
    if (index === times.length && next) return { key, state: next, afterMs: null };
    return { key, state: "pending", afterMs: null };
  });
}

const base: Omit<LoopTestView, "outcome" | "steps"> = {
  id: "lt_1",
  orderName: "#1042",
  startedAt: "2026-11-23T15:00:00.000Z",
  failedStep: null,
  problem: null,
  detail: null,
  flowReportedFailure: false,
  cleanup: null,
  cleanupProblem: null,
  finishedAt: null,
};

// What the page reads once a second while the loop goes round (each read moves one step on).
const PASSING: LoopTestView[] = [
  { ...base, outcome: "running", steps: steps([]) },
  { ...base, outcome: "running", steps: steps([420]) },
  { ...base, outcome: "running", steps: steps([420, 910]) },
  {
    ...base,
    outcome: "passed",
    steps: steps([420, 910, 2140, 2210]),
    cleanup: "deleted",
    finishedAt: "2026-11-23T15:00:02.300Z",
  },
];

const PAUSED: LoopTestView[] = [
  { ...base, outcome: "running", steps: steps([]) },
  {
    ...base,
    outcome: "failed",
    steps: steps([400], "failed"),
    failedStep: "trigger",
    problem: "automation_paused",
    cleanup: "deleted",
    finishedAt: "2026-11-23T15:00:01.000Z",
  },
];

describe("Test the whole loop (home page)", () => {
  const admin = useAdmin();

  for (const locale of ["es", "en"] as const) {
    const t = locale === "es" ? es : en;
    for (const width of [1400, 390] as const) {
      it(`runs the loop test and shows each step's time and the cleanup (${locale}, ${width} px)`, async () => {
        const api = withOrdersAndDeliveries(configuredShop(admin.shop));
        api.loopTestScript = PASSING;
        const page = await admin.open(api, "/app", locale, width);
        await expect.poll(() => page.getByRole("heading", { name: t["loopTest.title"] }).isVisible(), POLL).toBe(true);
        await expect.poll(() => page.locator("[aria-busy=true]").count(), POLL).toBe(0);

        await page.getByRole("button", { name: t["loopTest.start"] }).click();
        // Shown as it happens: the webhook is done while the trigger is still awaited.
        await page.locator("[data-step=trigger][data-state=waiting]").waitFor(POLL);
        expect(await page.getByRole("button", { name: t["loopTest.again"] }).isDisabled()).toBe(true);
        if (width === 1400) await screenshot(page, `loop-test-running-${locale}`);

        await page.locator("[data-testid=loop-test][data-outcome=passed]").waitFor(POLL);
        const seconds = (value: string) => (locale === "es" ? value.replace(".", ",") : value);
        const card = page.locator("ol");
        expect(await card.locator("[data-step=webhook]").innerText()).toContain(
          t["loopTest.state.done"].replace("{seconds}", seconds("0.4")),
        );
        expect(await card.locator("[data-step=tag]").innerText()).toContain(
          t["loopTest.state.done"].replace("{seconds}", seconds("2.2")),
        );
        await shown(page.getByText(t["loopTest.passed"].replace("{seconds}", seconds("2.2"))));
        await shown(page.getByText(t["loopTest.cleanup.deleted"].replace("{order}", "#1042")));
        // The test reads stop once it has ended, and it can be run again.
        const reads = api.callsTo("GET", "/api/loop-test").length;
        await page.waitForTimeout(1500);
        expect(api.callsTo("GET", "/api/loop-test").length).toBe(reads);
        expect(await page.getByRole("button", { name: t["loopTest.again"] }).isEnabled()).toBe(true);
        expect(api.callsTo("POST", "/api/loop-test")[0].form.get("locale")).toBe(locale);

        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        expect(await seriousAxeFindings(page)).toEqual([]);
        await page.locator("[data-testid=loop-test]").scrollIntoViewIfNeeded();
        await shot(page, `loop-test-passed-${locale}-${width}`);
      });
    }

    it(`names the failed step and what to check (${locale}, 390 px)`, async () => {
      const api = withOrdersAndDeliveries(configuredShop(admin.shop));
      api.loopTestScript = PAUSED;
      const page = await admin.open(api, "/app", locale, 390);
      await page.getByRole("button", { name: t["loopTest.start"] }).click();
      await page.locator("[data-testid=loop-test][data-outcome=failed]").waitFor(POLL);
      await shown(page.getByText(t["loopTest.failed"].replace("{step}", t["loopTest.step.trigger"])));
      await shown(page.getByText(t["loopTest.problem.automation_paused"]));
      expect(await page.locator("[data-step=trigger]").getAttribute("data-state")).toBe("failed");
      expect(await page.locator("[data-step=callback]").innerText()).toContain(t["loopTest.badge.pending"]);
      expect(await seriousAxeFindings(page)).toEqual([]);
      await page.locator("[data-testid=loop-test]").scrollIntoViewIfNeeded();
      await shot(page, `loop-test-failed-${locale}-390`);
    });

    it(`says so when the store refuses the test order (${locale})`, async () => {
      const api = withOrdersAndDeliveries(configuredShop(admin.shop));
      const page = await admin.open(api, "/app", locale, 1400);
      await page.getByRole("button", { name: t["loopTest.start"] }).click();
      await expect.poll(() => page.getByText(t["error.loop_test_scope"]).isVisible(), POLL).toBe(true);
    });
  }
});
