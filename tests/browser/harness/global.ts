import type { TestProject } from "vitest/node";
import { startApp } from "./app-server";
import { startSimulators, type SimulatorUrls } from "./simulators";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    /** The outside systems' simulators the app is pointed at (docs/decisions/133); seed them per test. */
    simulators: SimulatorUrls;
  }
}

/** One app process and one set of simulators for the whole browser suite; each test gets its own shop (harness/database.ts). */
export default async function setup(project: TestProject) {
  const simulators = await startSimulators();
  let app;
  try {
    app = await startApp(simulators.appEnv);
  } catch (error) {
    await simulators.stop();
    throw error;
  }
  simulators.setAppUrl(app.url);
  project.provide("appUrl", app.url);
  project.provide("simulators", simulators.urls);
  return async () => {
    await app.stop();
    await simulators.stop();
  };
}
