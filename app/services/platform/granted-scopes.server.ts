import { loadOfflineSession } from "./offline-admin.server";

/**
 * The access scopes the merchant has granted the app, read from the shop's offline session (kept current by the
 * app/scopes_update webhook). Optional scopes (shopify.app.toml `optional_scopes`) are asked for in the admin,
 * through App Bridge's scopes API, when the merchant turns on a feature that needs them; the app works without
 * them until then.
 */
export async function grantedScopes(shop: string): Promise<Set<string>> {
  const session = await loadOfflineSession(shop);
  return new Set(
    (session?.scope ?? "")
      .split(",")
      .map((scope) => scope.trim())
      .filter(Boolean),
  );
}

/** The scopes of `needed` not granted; a write scope grants its read scope, as on the platform. */
export function missingScopes(granted: ReadonlySet<string>, needed: readonly string[]): string[] {
  return needed.filter((scope) => !granted.has(scope) && !granted.has(scope.replace(/^read_/, "write_")));
}

export async function missingScopesFor(shop: string, needed: readonly string[]) {
  return missingScopes(await grantedScopes(shop), needed);
}
