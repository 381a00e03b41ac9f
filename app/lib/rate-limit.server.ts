import prisma from "../db.server";
import { hotSql } from "./hot-sql.server";

/**
 * Sliding-window rate limits kept in the database, so every web process of a fleet counts against the same
 * limit (docs/decisions/092). A window of `windowMs` holds one counter row per subject; the estimate of the last
 * `windowMs` is the current window's count plus the previous one's, weighted by how much of it still overlaps
 * (Cloudflare's sliding-window counter). One read and one conditional upsert per decision, on SQLite and
 * PostgreSQL alike: the upsert adds 1 only while the count stays under what the previous window leaves free, so
 * concurrent processes can never together let more than the limit through.
 */
export interface RateLimit {
  /** Counts one request when the subject is under its limit; otherwise says how long to wait. */
  take(subject: string): Promise<Verdict>;
  /** Whether the subject is under its limit, without counting anything. */
  check(subject: string): Promise<Verdict>;
  /** Counts one event for the subject even over the limit (e.g. a failure that already happened). */
  record(subject: string): Promise<void>;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimitOptions {
  /** Names the limit in the counter keys; different limits never share counters. */
  name: string;
  /** Requests allowed per window. */
  limit: number;
  windowMs: number;
  now?: () => number;
}

/** How often one process deletes expired counter rows (at most; a request triggers it). */
const PURGE_INTERVAL_MS = 60_000;
let lastPurge = 0;

export function createRateLimit(options: RateLimitOptions): RateLimit {
  const { name, limit, windowMs, now = () => Date.now() } = options;

  async function state(subject: string) {
    const time = now();
    const window = Math.floor(time / windowMs);
    const elapsed = (time - window * windowMs) / windowMs;
    const key = `${name}:${subject}:${window}`;
    const previousKey = `${name}:${subject}:${window - 1}`;
    // Both windows in one plain statement (the ORM's findUnique cost several times its SQL on every callback).
    const rows = await hotSql().query<{ key: string; count: number | bigint }>`
      SELECT "key", "count" FROM "RateLimitWindow" WHERE "key" = ${previousKey} OR "key" = ${key}`;
    const countOf = (wanted: string) => Number(rows.find((row) => row.key === wanted)?.count ?? 0);
    const previous = { count: countOf(previousKey) };
    const carried = previous.count * (1 - elapsed);
    return {
      time,
      key,
      current: countOf(key),
      // Counter rows outlive their window by one more: the next window weighs them.
      expiresAt: new Date((window + 2) * windowMs),
      // What the current window may still reach.
      room: Math.floor(limit - carried),
      retryAfterSeconds: retryAfter(previous.count, time - window * windowMs),
    };
  }

  // Over the limit, the estimate drops as the previous window slides out, and at the latest when the current
  // window becomes the previous one and starts sliding out in turn.
  function retryAfter(previousCount: number, intoWindowMs: number) {
    const toWindowEnd = windowMs - intoWindowMs;
    const perMs = previousCount / windowMs;
    const sliding = perMs > 0 ? 1 / perMs : Infinity;
    return Math.max(1, Math.ceil(Math.min(sliding, toWindowEnd + windowMs / Math.max(limit, 1)) / 1000));
  }

  async function increment(key: string, expiresAt: Date, below: number): Promise<number | null> {
    const rows = await hotSql().query<{ count: number | bigint }>`
      INSERT INTO "RateLimitWindow" ("key", "count", "expiresAt") VALUES (${key}, 1, ${expiresAt})
      ON CONFLICT ("key") DO UPDATE SET "count" = "RateLimitWindow"."count" + 1
      WHERE "RateLimitWindow"."count" < ${below}
      RETURNING "count"`;
    return rows.length ? Number(rows[0].count) : null;
  }

  async function purge(time: number) {
    if (time - lastPurge < PURGE_INTERVAL_MS) return;
    lastPurge = time;
    await prisma.rateLimitWindow.deleteMany({ where: { expiresAt: { lt: new Date(time) } } });
  }

  return {
    async take(subject) {
      const { time, key, expiresAt, room, retryAfterSeconds } = await state(subject);
      const counted = room >= 1 ? await increment(key, expiresAt, room) : null;
      await purge(time);
      return counted === null ? { allowed: false, retryAfterSeconds } : { allowed: true };
    },
    async check(subject) {
      const { current, room, retryAfterSeconds } = await state(subject);
      return current < room ? { allowed: true } : { allowed: false, retryAfterSeconds };
    },
    async record(subject) {
      const { time, key, expiresAt } = await state(subject);
      // Any count below PostgreSQL's int4 range: recorded events are never refused.
      await increment(key, expiresAt, 2_000_000_000);
      await purge(time);
    },
  };
}
