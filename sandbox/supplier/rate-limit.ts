/**
 * The marketplace's per-token limit on its order endpoints: about 60 requests a minute, then 429
 * `{"message":"Too Many Attempts."}` (Laravel's throttle wording) and a lockout that can last hours. Every call is
 * counted, refused ones too, so a test can read what a client spent.
 */

export interface RateLimitSettings {
  limit: number;
  windowMs: number;
  lockoutMs: number;
}

export const DEFAULT_RATE_LIMIT: RateLimitSettings = { limit: 60, windowMs: 60_000, lockoutMs: 3 * 60 * 60_000 };

export interface TokenCalls {
  total: number;
  allowed: number;
  refused: number;
  lockouts: number;
  lockedUntil: string | null;
}

export type RateDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterS: number };

export function createRateLimiter(initial: Partial<RateLimitSettings> = {}, now: () => number = Date.now) {
  let settings: RateLimitSettings = { ...DEFAULT_RATE_LIMIT, ...initial };
  const windows = new Map<string, number[]>();
  const lockedUntil = new Map<string, number>();
  const calls = new Map<string, TokenCalls>();

  const callsOf = (token: string) => {
    let entry = calls.get(token);
    if (!entry) calls.set(token, (entry = { total: 0, allowed: 0, refused: 0, lockouts: 0, lockedUntil: null }));
    return entry;
  };

  /** Counts one call of `token` and says whether it is answered. */
  function take(token: string): RateDecision {
    const at = now();
    const entry = callsOf(token);
    entry.total++;
    const until = lockedUntil.get(token);
    if (until !== undefined && at < until) {
      entry.refused++;
      return { allowed: false, retryAfterS: Math.ceil((until - at) / 1000) };
    }
    if (until !== undefined) {
      lockedUntil.delete(token);
      entry.lockedUntil = null;
      windows.delete(token);
    }
    const recent = (windows.get(token) ?? []).filter((time) => time > at - settings.windowMs);
    if (recent.length >= settings.limit) {
      const end = at + settings.lockoutMs;
      lockedUntil.set(token, end);
      entry.lockouts++;
      entry.lockedUntil = new Date(end).toISOString();
      entry.refused++;
      windows.set(token, recent);
      return { allowed: false, retryAfterS: Math.ceil(settings.lockoutMs / 1000) };
    }
    recent.push(at);
    windows.set(token, recent);
    entry.allowed++;
    return { allowed: true, remaining: settings.limit - recent.length };
  }

  return {
    take,
    configure(input: Partial<Record<keyof RateLimitSettings, unknown>>) {
      const next = { ...settings };
      for (const key of ["limit", "windowMs", "lockoutMs"] as const) {
        const number = Number(input[key]);
        if (input[key] !== undefined && Number.isFinite(number) && number >= 1) next[key] = Math.floor(number);
      }
      settings = next;
      return settings;
    },
    settings: () => settings,
    calls: () => Object.fromEntries(calls),
    /** Forgets every count and lockout (the settings stay). */
    clear() {
      windows.clear();
      lockedUntil.clear();
      calls.clear();
    },
    reset() {
      this.clear();
      settings = { ...DEFAULT_RATE_LIMIT, ...initial };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
