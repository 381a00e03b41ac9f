import { setupServer } from "msw/node";

/**
 * The outside world for unit and integration tests. Each outside system has a handler file beside
 * this one; tests add what they need with `server.use(...)`. Any request nobody handles fails the test.
 */
export const server = setupServer();
