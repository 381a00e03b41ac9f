import { afterEach, beforeEach, vi } from "vitest";
import { resetEnvForTests } from "~/env.server";
import { resetCallbackLimitsForTests } from "~/services/automation/callback-limits.server";

/**
 * The callback's limits set to `variables` for the enclosing describe, with the clock (Date only) standing at the
 * start of a 12 s window and not moving while a test runs, so a test's burst and refill are exact.
 */
export function useCallbackLimits(variables: Record<string, string>) {
  const windowStart = Math.ceil(Date.now() / 12_000) * 12_000;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"], now: windowStart });
    Object.assign(process.env, variables);
    resetEnvForTests();
    resetCallbackLimitsForTests();
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const name of Object.keys(variables)) delete process.env[name];
    resetEnvForTests();
    resetCallbackLimitsForTests();
  });
  return windowStart;
}
