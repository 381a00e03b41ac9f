import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, ok } from "~/lib/http.server";
import { parseQuery } from "~/lib/input.server";
import { authenticateAdminApi } from "~/services/platform/admin-auth.server";
import { getProductVariants } from "~/services/platform/catalogue.server";
import { gidField } from "~/services/platform/gid";
import { requirePlatformSession } from "~/services/platform/offline-session.server";

const query = z.object({ productId: gidField("Product") });

/**
 * The variants of the store product the merchant just chose in the resource picker, loaded by the link dialog's
 * fetcher: the one read of the catalogue page that depends on a choice made in the browser.
 */
export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const { productId } = parseQuery(request, query);
  return ok(await getProductVariants(await requirePlatformSession(shop), productId));
});
