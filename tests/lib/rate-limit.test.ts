import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { createRateLimit } from "~/lib/rate-limit.server";

function clock(start = 1_000_000_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

const take = async (limit: ReturnType<typeof createRateLimit>, subject: string, times: number) => {
  const verdicts = [];
  for (let i = 0; i < times; i++) verdicts.push((await limit.take(subject)).allowed);
  return verdicts;
};

describe("sliding-window rate limit in the database", () => {
  it("allows `limit` requests in a window, then refuses with the wait", async () => {
    const time = clock();
    const limit = createRateLimit({ name: "t", limit: 3, windowMs: 10_000, now: time.now });
    expect(await take(limit, "k", 4)).toEqual([true, true, true, false]);
    expect(await limit.take("k")).toEqual({ allowed: false, retryAfterSeconds: 14 });
  });

  it("weighs the previous window by how much of it still overlaps", async () => {
    const time = clock();
    const limit = createRateLimit({ name: "t", limit: 4, windowMs: 10_000, now: time.now });
    expect(await take(limit, "k", 4)).toEqual([true, true, true, true]);
    time.advance(10_000 + 2_500); // a quarter into the next window: 3 of the previous 4 still count
    expect(await take(limit, "k", 2)).toEqual([true, false]);
    time.advance(5_000); // three quarters in: 1 of the 4 counts, plus the 1 taken
    expect(await take(limit, "k", 3)).toEqual([true, true, false]);
  });

  it("keeps one counter per subject and per limit", async () => {
    const time = clock();
    const a = createRateLimit({ name: "a", limit: 1, windowMs: 10_000, now: time.now });
    const b = createRateLimit({ name: "b", limit: 1, windowMs: 10_000, now: time.now });
    expect(await take(a, "x", 2)).toEqual([true, false]);
    expect(await take(a, "y", 1)).toEqual([true]);
    expect(await take(b, "x", 1)).toEqual([true]);
  });

  it("lets concurrent takers through no more than the limit in total", async () => {
    const time = clock();
    const limit = createRateLimit({ name: "t", limit: 5, windowMs: 10_000, now: time.now });
    const verdicts = await Promise.all(Array.from({ length: 20 }, () => limit.take("k")));
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(5);
  });

  it("records events over the limit and checks without counting", async () => {
    const time = clock();
    const limit = createRateLimit({ name: "t", limit: 2, windowMs: 10_000, now: time.now });
    expect((await limit.check("k")).allowed).toBe(true);
    for (let i = 0; i < 3; i++) await limit.record("k");
    expect((await limit.check("k")).allowed).toBe(false);
    const [row] = await prisma.rateLimitWindow.findMany();
    expect(row.count).toBe(3);
  });

  it("deletes counters once they can no longer count", async () => {
    const time = clock();
    const limit = createRateLimit({ name: "purge", limit: 2, windowMs: 1_000, now: time.now });
    await limit.take("old");
    time.advance(120_000);
    await limit.take("new");
    const keys = (await prisma.rateLimitWindow.findMany()).map((row) => row.key);
    expect(keys.some((key) => key.includes(":old:"))).toBe(false);
    expect(keys.some((key) => key.includes(":new:"))).toBe(true);
  });
});
