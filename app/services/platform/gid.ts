import { z } from "zod";

/**
 * Platform GraphQL ids. The spec writes them `gid://platform/<Type>/<id>`; the platform's real form is
 * `gid://shopify/<Type>/<id>`. Input may use either; the platform is always sent the real one.
 */
const GID = /^gid:\/\/(?:platform|shopify)\/([A-Za-z]+)\/(\d+)$/;

/** The real gid of a `type` (Product, ProductVariant, ...), or null when the value is not one. */
export function toPlatformGid(value: string, type: string): string | null {
  const match = GID.exec(value.trim());
  if (!match || match[1] !== type) return null;
  return `gid://shopify/${type}/${match[2]}`;
}

/** A required input field holding a gid of `type`, normalised to the platform's real form. */
export function gidField(type: string) {
  return z
    .string({ required_error: "is required", invalid_type_error: "must be a string" })
    .trim()
    .min(1, "is required")
    .transform((value, ctx) => {
      const gid = toPlatformGid(value, type);
      if (!gid) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: `must be an id like gid://platform/${type}/123` });
        return z.NEVER;
      }
      return gid;
    });
}

/** The number at the end of a gid (`gid://shopify/OnlineStoreTheme/42` is 42). */
export function numericId(gid: string): number {
  const id = Number(/\/(\d+)$/.exec(gid)?.[1]);
  if (!Number.isSafeInteger(id)) throw new Error(`Not a numeric global id: ${gid}`);
  return id;
}
