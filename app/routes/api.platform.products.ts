import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, ok } from "../lib/http.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { listPlatformProducts } from "../services/platform/catalogue.server";
import { requirePlatformSession } from "../services/platform/offline-session.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const products = await listPlatformProducts(await requirePlatformSession(shop));
  return ok({ products });
});
