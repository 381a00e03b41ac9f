import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, ok } from "../lib/http.server";
import { formInteger, parseQuery } from "../lib/input.server";
import { listAssociations } from "../services/catalogue/associations.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";

// A million pages of 100 is far beyond any shop's links and keeps the row offset a small number.
const query = z.object({
  page: formInteger(1, { min: 1, max: 1_000_000 }),
  pageSize: formInteger(25, { min: 1, max: 100 }),
});

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const { page, pageSize } = parseQuery(request, query);
  const { associations, total } = await listAssociations(shop, page, pageSize);
  return ok({ associations, total, page, pageSize });
});
