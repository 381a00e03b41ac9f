import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, ok } from "../lib/http.server";
import { jsonField, parseInput, readFields } from "../lib/input.server";
import { updateVariantMapping, variantAssociationInput } from "../services/catalogue/variant-links.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { requirePlatformSession } from "../services/platform/offline-session.server";

// 250 pairs of ids fit in well under 64 KB, URL-encoded.
const MAX_BODY_BYTES = 64 * 1024;

// docs/decisions/140: the mapping of an existing link, edited from the linked products page.
const input = z.object({
  associationId: z.string({ required_error: "is required" }).trim().min(1, "is required").max(100, "is too long"),
  variantAssociations: jsonField(
    z.array(variantAssociationInput).max(250, "has more pairs than a product has variants"),
  ),
});

export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const parsed = parseInput(input, await readFields(request));
    const association = await updateVariantMapping(
      shop,
      await requirePlatformSession(shop),
      parsed.associationId,
      parsed.variantAssociations,
    );
    return ok({ message: "Variant mapping saved", association });
  },
  { maxBodyBytes: MAX_BODY_BYTES },
);
