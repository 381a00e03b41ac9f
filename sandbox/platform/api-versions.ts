import { servedVersion } from "../../app/services/platform/api-support";
import { hasAdminSchema } from "./schema";

/**
 * Which Admin API version answers a request, as the platform decides it from the path: a supported version is
 * served as asked; an older stable version (past its window) is served by the oldest supported one; anything else
 * is not found. The answer's `X-Shopify-API-Version` says which version served it (docs/decisions/280).
 */
export type VersionVerdict =
  | { served: string; headers: Record<string, string> }
  | { served: null; status: number; body: unknown; headers: Record<string, string> };

export function versionOf(requested: string, today: Date): VersionVerdict {
  const served = servedVersion(requested, today);
  if (!served) return { served: null, status: 404, body: { errors: "Not Found" }, headers: {} };
  const headers = { "X-Shopify-API-Version": served };
  // The simulator validates against the published schema of the serving version; it holds only those committed
  // in app/types/, so a request served by another one is refused here rather than answered unchecked.
  if (!hasAdminSchema(served)) {
    return {
      served: null,
      status: 501,
      body: {
        errors: `The platform simulator holds no published schema of ${served} (app/types/README.md), which serves ${requested} today`,
      },
      headers,
    };
  }
  return { served, headers };
}
