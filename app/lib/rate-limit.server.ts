/**
 * An in-memory token bucket per key (docs/decisions/018-callback-rate-limit.md): `capacity` requests at once,
 * refilled at `refillPerSecond`. One process's view only; with several web processes each keeps its own.
 */
export interface TokenBuckets {
  /** Spends a token when one is left; otherwise says how long until one is. */
  take(key: string): { allowed: true } | { allowed: false; retryAfterSeconds: number };
  /** Whether a token is left, without spending it. */
  has(key: string): boolean;
  reset(): void;
}

export function createTokenBuckets(options: {
  capacity: number;
  refillPerSecond: number;
  /** Keys kept at most; the least recently touched go first, so a flood of new keys cannot grow memory. */
  maxKeys?: number;
  now?: () => number;
}): TokenBuckets {
  const { capacity, refillPerSecond, maxKeys = 10_000, now = () => Date.now() } = options;
  const buckets = new Map<string, { tokens: number; at: number }>();

  function current(key: string) {
    const time = now();
    const bucket = buckets.get(key);
    const tokens = bucket
      ? Math.min(capacity, bucket.tokens + ((time - bucket.at) / 1000) * refillPerSecond)
      : capacity;
    return { tokens, at: time };
  }

  function store(key: string, bucket: { tokens: number; at: number }) {
    buckets.delete(key);
    buckets.set(key, bucket);
    if (buckets.size > maxKeys) buckets.delete(buckets.keys().next().value as string);
  }

  return {
    take(key) {
      const bucket = current(key);
      if (bucket.tokens < 1) {
        store(key, bucket);
        return { allowed: false, retryAfterSeconds: Math.ceil((1 - bucket.tokens) / refillPerSecond) };
      }
      store(key, { tokens: bucket.tokens - 1, at: bucket.at });
      return { allowed: true };
    },
    has(key) {
      return current(key).tokens >= 1;
    },
    reset() {
      buckets.clear();
    },
  };
}
