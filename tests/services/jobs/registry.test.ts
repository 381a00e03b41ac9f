import { describe, expect, it } from "vitest";
import { RETRY_DELAYS_MS } from "~/services/deliveries/retry-policy.server";
import { POLICIES } from "~/services/jobs/policies";
import { JOB_KINDS } from "~/services/jobs/registry.server";

describe("the registry of job kinds", () => {
  it("runs each periodic job with its period, one at a time", () => {
    const periodic = Object.entries(JOB_KINDS).filter(([, kind]) => kind.everyMs);
    expect(periodic.map(([name, kind]) => [name, kind.everyMs])).toEqual([
      ["retention-purge", 3_600_000],
      ["temporary-theme-files", 60_000],
      ["unattended-loop-tests", 60_000],
      ["stock-sync", 300_000],
      ["stock-history-purge", 86_400_000],
      ["order-sweep", 900_000],
      ["order-fingerprints", 3_600_000],
      ["order-fingerprint-backlog", 60_000],
      ["insight-counts", 60_000],
      ["order-outcomes", 60_000],
      ["journey-apply-sweep", 60_000],
      ["incident-stuck-parcels", 900_000],
      ["supplier-polling", 60_000],
      ["no-answer-timeouts", 60_000],
    ]);
    for (const [, kind] of periodic) expect(kind.concurrency).toBe(1);
  });

  it("says for every kind whether a pause holds it, and why", () => {
    for (const kind of [...Object.values(JOB_KINDS), ...Object.values(POLICIES)]) {
      expect(kind.pause.why.length).toBeGreaterThan(20);
    }
  });

  it("gives the order path's outbox its retry schedule from the same declarations", () => {
    expect(RETRY_DELAYS_MS).toBe(POLICIES.delivery.retryDelaysMs);
    expect(POLICIES.delivery.pause.holds).toBe(true);
    expect(RETRY_DELAYS_MS).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
  });
});
