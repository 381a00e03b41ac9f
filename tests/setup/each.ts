import { setAbstractFetchFunc } from "@shopify/shopify-api/runtime";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { server } from "../mocks/server";
import { resetDatabase } from "../helpers/db";

beforeAll(() => {
  server.listen({ onUnhandledRequest: "error" });
  // The platform library captured the global fetch when it was imported, before msw wrapped it: its calls
  // (GraphQL, token refresh) go through msw like every other outgoing request.
  setAbstractFetchFunc((input, init) => globalThis.fetch(input, init));
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

beforeEach(async () => {
  await resetDatabase();
  // An unexpected console.error is a failure, not noise.
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});
