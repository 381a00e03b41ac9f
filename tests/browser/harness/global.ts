import type { TestProject } from "vitest/node";
import { startApp } from "./app-server";

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    shop: string;
  }
}

/** One app process for the whole browser suite; each test gets its own browser context and API state. */
export default async function setup(project: TestProject) {
  const app = await startApp();
  project.provide("appUrl", app.url);
  project.provide("shop", app.shop);
  return () => app.stop();
}
