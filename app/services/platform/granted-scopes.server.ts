import prisma from "../../db.server";

/**
 * The access scopes the shop has granted the app, as the offline session records them (kept current by
 * app/scopes_update). Optional scopes (shopify.app.toml `optional_scopes`) are granted later, through App Bridge's
 * scopes API (app/components/OptionalScopesBanner.tsx); a feature that needs one asks here what is missing and keeps
 * working, saying so, without it.
 */
export async function grantedScopes(shop: string): Promise<Set<string>> {
  const row = await prisma.session.findFirst({
    where: { shop, isOnline: false },
    select: { scope: true },
    orderBy: { id: "asc" },
  });
  return new Set(
    (row?.scope ?? "")
      .split(",")
      .map((scope) => scope.trim())
      .filter(Boolean),
  );
}

/** The scopes of `needed` not granted; a write scope grants its read scope too, as on the platform. */
export function missingFrom(granted: ReadonlySet<string>, needed: readonly string[]): string[] {
  return needed.filter(
    (scope) => !granted.has(scope) && !(scope.startsWith("read_") && granted.has(`write_${scope.slice(5)}`)),
  );
}

export async function missingScopes(shop: string, needed: readonly string[]): Promise<string[]> {
  return missingFrom(await grantedScopes(shop), needed);
}
