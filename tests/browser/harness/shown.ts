import type { Locator } from "playwright-core";
import { expect } from "vitest";

/**
 * Asserts that `locator` is (or becomes) visible: polled, never read once, because what a page shows after a
 * navigation or a write may still be hydrating or revalidating when the test looks (a single `isVisible()` right
 * after `goto` failed 4 times in 8 runs on a loaded machine).
 */
export async function shown(locator: Locator, timeout = 15_000) {
  await expect.poll(() => locator.isVisible(), { timeout }).toBe(true);
}
