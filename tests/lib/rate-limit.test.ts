import { describe, expect, it } from "vitest";
import { createTokenBuckets } from "~/lib/rate-limit.server";

function clock(start = 0) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("token buckets", () => {
  it("allows a burst of `capacity` requests, then refuses with the wait until the next token", () => {
    const time = clock();
    const buckets = createTokenBuckets({ capacity: 3, refillPerSecond: 0.5, now: time.now });
    expect([1, 2, 3].map(() => buckets.take("k").allowed)).toEqual([true, true, true]);
    expect(buckets.take("k")).toEqual({ allowed: false, retryAfterSeconds: 2 });
  });

  it("refills over time, never beyond the capacity", () => {
    const time = clock();
    const buckets = createTokenBuckets({ capacity: 2, refillPerSecond: 1, now: time.now });
    buckets.take("k");
    buckets.take("k");
    time.advance(1_000);
    expect(buckets.take("k").allowed).toBe(true);
    expect(buckets.take("k").allowed).toBe(false);
    time.advance(60_000);
    expect([1, 2, 3].map(() => buckets.take("k").allowed)).toEqual([true, true, false]);
  });

  it("keeps one bucket per key", () => {
    const buckets = createTokenBuckets({ capacity: 1, refillPerSecond: 1, now: clock().now });
    expect(buckets.take("a").allowed).toBe(true);
    expect(buckets.take("a").allowed).toBe(false);
    expect(buckets.take("b").allowed).toBe(true);
  });

  it("tells whether a token is left without spending it", () => {
    const buckets = createTokenBuckets({ capacity: 1, refillPerSecond: 1, now: clock().now });
    expect(buckets.has("k")).toBe(true);
    expect(buckets.has("k")).toBe(true);
    buckets.take("k");
    expect(buckets.has("k")).toBe(false);
  });

  it("forgets the least recently used key beyond maxKeys (a forgotten key starts full again)", () => {
    const buckets = createTokenBuckets({ capacity: 1, refillPerSecond: 0.001, maxKeys: 2, now: clock().now });
    buckets.take("a");
    buckets.take("b");
    buckets.take("c");
    expect(buckets.take("b").allowed).toBe(false);
    expect(buckets.take("a").allowed).toBe(true);
  });
});
