import { readdirSync } from "node:fs";
import path from "node:path";
import type { AppLoadContext } from "@remix-run/node";

export type Handler = (args: {
  request: Request;
  params: Record<string, string>;
  context: AppLoadContext;
}) => Promise<Response>;

export interface Endpoint {
  file: string;
  /** The URL path, with `abc` for a `$param` segment. */
  path: string;
  method: "GET" | "POST";
  handler: Handler;
  params: Record<string, string>;
}

const ROUTES_DIR = path.resolve("app/routes");

/** The URL path of a Remix flat route file: `api.deliveries.$id.retry.ts` is `/api/deliveries/abc/retry`. */
function routePath(file: string) {
  const segments = file
    .replace(/\.tsx?$/, "")
    .split(".")
    .filter((segment) => segment !== "_index");
  const params: Record<string, string> = {};
  const parts = segments.map((segment) => {
    if (!segment.startsWith("$")) return segment;
    params[segment.slice(1)] = "abc";
    return "abc";
  });
  return { path: `/${parts.join("/")}`, params };
}

/** Every endpoint under `app/routes/api.*`, read from the files themselves: a new one is in this list at once. */
export async function apiEndpoints(): Promise<Endpoint[]> {
  const files = readdirSync(ROUTES_DIR).filter((file) => /^api\..+\.tsx?$/.test(file));
  const endpoints: Endpoint[] = [];
  for (const file of files.sort()) {
    const module = (await import(/* @vite-ignore */ path.join(ROUTES_DIR, file))) as {
      loader?: Handler;
      action?: Handler;
    };
    const { path: url, params } = routePath(file);
    if (module.loader) endpoints.push({ file, path: url, method: "GET", handler: module.loader, params });
    if (module.action) endpoints.push({ file, path: url, method: "POST", handler: module.action, params });
  }
  return endpoints;
}

/** The API routes that answer without an admin session, and what guards them instead. */
export const PUBLIC_API_ROUTES: Record<string, string> = {
  "api.automation.callback.ts": "the automation API key in the body",
  "api.theme.download.$id.ts": "a 256-bit id that lives 5 minutes; the platform's servers download it",
  "api.flow.send-to-confirmation.ts": "the platform's HMAC signature of the body (a Flow action run)",
};
