/**
 * Starts one simulator alone: `npm run sandbox:simulator -- <platform|automation|supplier|repo-host> [--port N]`.
 * The platform simulator also needs the app's address (APP_URL) and credentials (PLATFORM_API_KEY/SECRET).
 */
import { createAutomationSimulator } from "./automation/server";
import { portFromArgs, type SimEvent } from "./lib/http";
import { createPlatformSimulator } from "./platform/server";
import { createRepoHostSimulator } from "./repo-host/server";
import { SANDBOX } from "./stack";
import { createSupplierSimulator } from "./supplier/server";

const DEFAULT_PORTS: Record<string, number> = { platform: 4010, automation: 4020, supplier: 4030, "repo-host": 4040 };
const events = (event: SimEvent) => console.log(`${event.at} ${event.system} ${event.message}`);

const name = process.argv[2] ?? "";
if (!(name in DEFAULT_PORTS)) {
  console.error(`Which simulator? One of: ${Object.keys(DEFAULT_PORTS).join(", ")}`);
  process.exit(1);
}
const port = portFromArgs(process.argv.slice(3), DEFAULT_PORTS[name]);
const simulator =
  name === "platform"
    ? createPlatformSimulator({
        apiKey: process.env.PLATFORM_API_KEY ?? SANDBOX.apiKey,
        secret: process.env.PLATFORM_API_SECRET ?? SANDBOX.secret,
        appUrl: process.env.APP_URL ?? "http://127.0.0.1:3000",
        events,
      })
    : name === "automation"
      ? createAutomationSimulator({ events, supplierUrl: process.env.SUPPLIER_API_URL })
      : name === "supplier"
        ? createSupplierSimulator({ origin: process.env.SUPPLIER_ORIGIN ?? SANDBOX.supplierOrigin, events })
        : createRepoHostSimulator({ events });
const listening = await simulator.listen(port);
console.log(`${name} simulator on ${listening.url}`);
process.once("SIGINT", () => void listening.close().then(() => process.exit(0)));
process.once("SIGTERM", () => void listening.close().then(() => process.exit(0)));
