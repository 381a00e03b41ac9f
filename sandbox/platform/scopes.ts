import { GraphqlFieldError } from "./field-error";
import type { ShopState } from "./state";

/**
 * The admin's grant of optional scopes (App Bridge's `shopify.scopes`), played locally: the scopes an app may ask
 * for after install are those of shopify.app.toml's `optional_scopes`; a grant adds them to the shop's scopes, which
 * the simulator's API then checks, and the platform tells the app with `app/scopes_update`.
 */

/** shopify.app.toml's `optional_scopes` (tests/sandbox/scopes.test.ts holds the two lists together). */
export const APP_OPTIONAL_SCOPES = [
  "read_inventory",
  "write_inventory",
  "read_locations",
  "write_merchant_managed_fulfillment_orders",
  "write_third_party_fulfillment_orders",
];

export const scopeList = (scope: string) =>
  scope
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);

/**
 * The shop's scopes after granting `wanted`, or why the platform refuses the request: a scope the app did not
 * declare as optional cannot be asked for in the admin.
 */
export function grantScopes(current: string, wanted: unknown): { scope: string } | { error: string } {
  if (!Array.isArray(wanted) || !wanted.length || !wanted.every((name) => typeof name === "string")) {
    return { error: "scopes must be a non-empty list of scope names" };
  }
  const undeclared = wanted.filter((name) => !APP_OPTIONAL_SCOPES.includes(name));
  if (undeclared.length) return { error: `Not among the app's optional scopes: ${undeclared.join(", ")}` };
  const granted = scopeList(current);
  return { scope: [...granted, ...wanted.filter((name) => !granted.includes(name))].join(",") };
}

/**
 * The Admin API's refusal of a field the shop's granted scopes do not cover (a top-level ACCESS_DENIED error, the
 * field null): inventory, fulfilments and payments check here. A write scope includes its read scope.
 */
export function requireScopes(shop: ShopState, field: string, scopes: string[]) {
  const granted = new Set(scopeList(shop.scope));
  const has = (scope: string) => granted.has(scope) || granted.has(scope.replace(/^read_/, "write_"));
  const missing = scopes.filter((scope) => !has(scope));
  if (missing.length) {
    throw new GraphqlFieldError(
      `Access denied for ${field} field. Required access: \`${missing.join("` and `")}\` access scope.`,
      "ACCESS_DENIED",
    );
  }
}
