/**
 * Fails `npm test` when the Admin API version the app is configured for is past the platform's support window,
 * and warns from 90 days before its end, so the next move is planned rather than found (docs/decisions/280). The
 * version must be the same in the three places that configure it. `--version V` and `--today YYYY-MM-DD` check
 * another version or another day.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { supportStatus, WARN_DAYS_BEFORE_END } from "../app/services/platform/api-support";
import { API_VERSION } from "../app/services/platform/api-version";

const root = path.resolve(import.meta.dirname, "..");
const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
};

const places = {
  "app/services/platform/api-version.ts": API_VERSION as string,
  ".graphqlrc.ts": /apiVersion: "([\w-]+)"/.exec(readFileSync(path.join(root, ".graphqlrc.ts"), "utf8"))?.[1],
  "shopify.app.toml [webhooks]": /\[webhooks\]\s*\napi_version\s*=\s*"([\w-]+)"/.exec(
    readFileSync(path.join(root, "shopify.app.toml"), "utf8"),
  )?.[1],
};
const version = option("version") ?? API_VERSION;
if (!option("version") && new Set(Object.values(places)).size !== 1) {
  console.error(`The Admin API version differs between its places: ${JSON.stringify(places)}`);
  process.exit(1);
}

const today = option("today") ? new Date(`${option("today")}T00:00:00Z`) : new Date();
const status = supportStatus(version, today);
const day = today.toISOString().slice(0, 10);
switch (status.level) {
  case "unknown":
    console.error(
      `Admin API ${version} has no support window in app/services/platform/api-support.ts: add the platform's row.`,
    );
    process.exit(1);
    break;
  case "expired":
    console.error(
      `Admin API ${version} left the platform's support on ${status.window.supportedUntil} (today ${day}): ` +
        "every call is served by the oldest supported version. Move to a supported one (app/types/README.md).",
    );
    process.exit(1);
    break;
  case "warning":
    console.warn(
      `WARNING: Admin API ${version} leaves the platform's support on ${status.window.supportedUntil}, in ` +
        `${status.daysLeft} days (warned from ${WARN_DAYS_BEFORE_END}): plan the move (app/types/README.md).`,
    );
    break;
  case "ok":
    console.log(`Admin API ${version}: supported until ${status.window.supportedUntil} (${status.daysLeft} days).`);
    break;
}
