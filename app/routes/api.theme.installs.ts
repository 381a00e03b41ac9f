import type { LoaderFunctionArgs } from "@remix-run/node";
import { apiHandler, ok } from "../lib/http.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { listThemeInstalls } from "../services/theme/install.server";

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  return ok({ installs: await listThemeInstalls(shop) });
});
