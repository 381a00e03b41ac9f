import { API_VERSION } from "../../app/services/platform/api-version";
import { argument, GraphqlFieldError, type RootField } from "./graphql";
import { adminSchema } from "./schema";
import type { ShopState } from "./state";

/**
 * The platform's `@idempotent(key: …)` directive on the mutations that document it (the inventory and refund ones):
 * from the version their description names ("As of 2026-04, the idempotency key is required"), a call without a key
 * is refused before it runs; a repeat of a key with the same arguments answers the first result and applies
 * nothing again; the same key with other arguments, or after a refused attempt, is refused with the platform's
 * user-error codes (docs/decisions/280). Keys are kept per shop for the simulator's life (the platform: 24 hours).
 */

interface Remembered {
  fingerprint: string;
  result: { userErrors?: unknown[] } & Record<string, unknown>;
}

const keysByShop = new WeakMap<ShopState, Map<string, Remembered>>();

/** The version from which the served schema says this mutation requires a key; null when it never does. */
function requiredFrom(mutation: string, version: string): string | null {
  const description = adminSchema(version).getMutationType()?.getFields()[mutation]?.description ?? "";
  return /As of (?:version )?`?(\d{4}-\d{2})`?, the idempotency key is required/.exec(description)?.[1] ?? null;
}

/**
 * Shopify's refusal of the @idempotent directive where the mutation's description documents no idempotency (the
 * directive's own description: "Only supported on mutations that explicitly document idempotency support").
 */
export function refuseUndocumentedIdempotency(field: RootField) {
  if (field.directives?.some((directive) => directive.name === "idempotent"))
    throw new GraphqlFieldError(`The @idempotent directive is not supported on ${field.name}`, "BAD_REQUEST");
}

/** Runs a mutation resolver under the platform's idempotency rules. */
export function idempotent<Result extends { userErrors?: unknown[] } & Record<string, unknown>>(
  shop: ShopState,
  field: RootField,
  variables: Record<string, unknown>,
  version: string = API_VERSION,
  run: () => Result,
): Result | Remembered["result"] {
  const directive = field.directives?.find((candidate) => candidate.name === "idempotent");
  const key = directive ? argument(directive, "key", variables) : undefined;
  if (typeof key !== "string" || !key.trim()) {
    const from = requiredFrom(field.name, version);
    if (directive || (from && version >= from)) {
      throw new GraphqlFieldError(
        `The @idempotent directive with a non-blank key is required for ${field.name} as of ${from ?? version}`,
        "BAD_REQUEST",
      );
    }
    return run();
  }
  const remembered = keysByShop.get(shop) ?? new Map<string, Remembered>();
  keysByShop.set(shop, remembered);
  const fingerprint = JSON.stringify([
    field.name,
    field.args.replace(/\$(\w+)/g, (_, name) => JSON.stringify(variables[name] ?? null)),
  ]);
  const first = remembered.get(key);
  if (first) {
    if (first.fingerprint !== fingerprint) {
      return refusal(
        "IDEMPOTENCY_KEY_PARAMETER_MISMATCH",
        "The same idempotency key cannot be used with different operation parameters.",
      );
    }
    if (first.result.userErrors?.length) {
      return refusal(
        "IDEMPOTENCY_PREVIOUS_ATTEMPT_FAILED",
        "A previous request with this idempotency key failed. Retry with a new idempotency key.",
      );
    }
    return first.result;
  }
  const result = run();
  remembered.set(key, { fingerprint, result });
  return result;
}

function refusal(code: string, message: string) {
  return { userErrors: [{ field: null, message, code }] };
}
