import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "smol-toml";
import { describe, expect, it } from "vitest";

/**
 * The Flow action's endpoints (docs/decisions/346): a path of the app, which Shopify CLI resolves against the app's
 * URL (the tunnel under `app dev`, application_url on deploy), or else a full https URL on a real host. A placeholder
 * host ships an action that Flow posts to nobody.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const URL_FIELDS = ["runtime_url", "validation_url", "config_page_url", "config_page_preview_url"] as const;
const PLACEHOLDER_HOST = /(^|\.)(example\.(com|org|net)|localhost|invalid|test|local)$|[{}]/i;

function flowActions() {
  const actions: { folder: string; extension: Record<string, unknown> }[] = [];
  for (const folder of readdirSync(path.join(ROOT, "extensions"))) {
    const file = path.join(ROOT, "extensions", folder, "shopify.extension.toml");
    if (!existsSync(file)) continue;
    const toml = parse(readFileSync(file, "utf8")) as { extensions: Record<string, unknown>[] };
    for (const extension of toml.extensions) if (extension.type === "flow_action") actions.push({ folder, extension });
  }
  return actions;
}

/** The route module that serves a path, by Remix's flat-route file names (dots for slashes). */
const routeFileFor = (pathname: string) =>
  ["ts", "tsx"]
    .map((ext) => path.join(ROOT, "app/routes", `${pathname.slice(1).replaceAll("/", ".")}.${ext}`))
    .find((file) => existsSync(file));

function urlProblem(value: string): string | null {
  if (value.startsWith("/") && !value.startsWith("//"))
    return routeFileFor(new URL(value, "https://app.invalid").pathname) ? null : `no app route serves ${value}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `not a URL or an app path: ${value}`;
  }
  if (url.protocol !== "https:") return `not https: ${value}`;
  if (PLACEHOLDER_HOST.test(url.hostname)) return `placeholder host: ${url.hostname}`;
  return null;
}

describe("the Flow action's endpoints", () => {
  it("are app paths served by a route, or https URLs on a real host", () => {
    const actions = flowActions();
    expect(actions.map((action) => action.folder)).toContain("send-to-confirmation");
    for (const { folder, extension } of actions) {
      expect(extension.runtime_url, folder).toEqual(expect.any(String));
      for (const field of URL_FIELDS) {
        const value = extension[field];
        if (value === undefined) continue;
        expect(urlProblem(String(value)), `${folder} ${field}`).toBeNull();
      }
    }
  });

  it("refuse a placeholder host, plain http, a protocol-relative URL and a path no route serves", () => {
    expect(urlProblem("https://example.com/api/flow/send-to-confirmation")).toMatch(/placeholder/);
    expect(urlProblem("https://{url}.com/api/execute")).toMatch(/placeholder/);
    expect(urlProblem("https://app.localhost/api/execute")).toMatch(/placeholder/);
    expect(urlProblem("http://connector.shop-tools.co/api/execute")).toMatch(/https/);
    expect(urlProblem("//connector.shop-tools.co/api/execute")).toMatch(/not a URL/);
    expect(urlProblem("/api/flow/no-such-action")).toMatch(/no app route/);
    expect(urlProblem("/api/flow/send-to-confirmation")).toBeNull();
    expect(urlProblem("https://connector.shop-tools.co/api/execute")).toBeNull();
  });
});
