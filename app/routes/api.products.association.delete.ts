import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { parseForm } from "../lib/input.server";
import { deleteAssociation } from "../services/catalogue/associations.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

const input = z.object({
  associationId: z.string({ required_error: "is required" }).trim().min(1, "is required").max(100, "is too long"),
});

export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const { associationId } = await parseForm(request, input);
    await deleteAssociation(shop, associationId);
    return ok({ message: "Association deleted; the platform product was not changed", associationId });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
