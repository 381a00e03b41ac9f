import { createAutomationSimulator } from "../../../sandbox/automation/server";
import type { Listening } from "../../../sandbox/lib/http";
import { createPlatformSimulator } from "../../../sandbox/platform/server";
import { createRepoHostSimulator } from "../../../sandbox/repo-host/server";
import { createSupplierSimulator } from "../../../sandbox/supplier/server";
import { TEST_ENV } from "../../helpers/test-env";

/** Where the browser suite's simulators listen (global.ts provides them to the tests as `simulators`). */
export interface SimulatorUrls {
  platform: string;
  automation: string;
  supplier: string;
  repoHost: string;
}

/**
 * The sandbox's simulators of the outside systems (docs/decisions/133), in the test runner's process, on free
 * loopback ports: the platform (GraphQL, webhooks), the automation platform, the supplier marketplace and the
 * repository host. Tests seed them per shop over their `/sim` endpoints (simulator-seed.ts).
 */
export async function startSimulators() {
  // The app under test is not started yet: the platform learns its URL (for webhooks) through setAppUrl.
  const platform = createPlatformSimulator({
    apiKey: TEST_ENV.PLATFORM_API_KEY,
    secret: TEST_ENV.PLATFORM_API_SECRET,
    appUrl: "http://127.0.0.1:9",
    scopes: TEST_ENV.SCOPES,
  });
  const automation = createAutomationSimulator();
  const supplier = createSupplierSimulator({ origin: TEST_ENV.SUPPLIER_ORIGIN });
  const repoHost = createRepoHostSimulator();
  const listening: Listening[] = [];
  try {
    for (const simulator of [platform, automation, supplier, repoHost]) listening.push(await simulator.listen(0));
  } catch (error) {
    await Promise.all(listening.map((server) => server.close()));
    throw error;
  }
  const [platformServer, automationServer, supplierServer, repoHostServer] = listening;
  const urls: SimulatorUrls = {
    platform: platformServer.url,
    automation: automationServer.url,
    supplier: supplierServer.url,
    repoHost: repoHostServer.url,
  };
  return {
    urls,
    /** The app's environment that names them, as sandbox/stack.ts wires the sandbox. */
    appEnv: {
      AUTOMATION_API_URL: urls.automation,
      SUPPLIER_API_URL: urls.supplier,
      SUPPLIER_ORIGIN: TEST_ENV.SUPPLIER_ORIGIN,
      SUPPLIER_IMAGE_BASE_URL: `${urls.supplier}/images`,
      GITHUB_API_URL: urls.repoHost,
      PLATFORM_ORIGIN_OVERRIDE: urls.platform,
      // The repository host's archives are on loopback here; the app refuses that flag in production.
      ALLOW_LOOPBACK_FETCH: "true",
    },
    setAppUrl: (url: string) => platform.setAppUrl(url),
    stop: () => Promise.all(listening.map((server) => server.close())).then(() => undefined),
  };
}
