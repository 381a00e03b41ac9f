import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { apiHandler, ok } from "../lib/http.server";
import { formBoolean, formInteger, parseQuery } from "../lib/input.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { requireSupplierToken } from "../services/supplier/integration.server";
import { listSupplierProducts } from "../services/supplier/products.server";

const query = z.object({
  pageSize: formInteger(50, { min: 1, max: 100 }),
  startData: formInteger(0, { min: 0 }),
  keywords: z.string().trim().max(200, "is too long").optional(),
  // hasSearch follows keywords (the spec: "automatic"); it is accepted and validated, never trusted alone.
  hasSearch: formBoolean(false),
  privated_product: formBoolean(false),
  favorite: formBoolean(true),
});

export const loader = apiHandler(async ({ request }: LoaderFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const params = parseQuery(request, query);
  const token = await requireSupplierToken(shop);
  const page = await listSupplierProducts(token, {
    pageSize: params.pageSize,
    startData: params.startData,
    keywords: params.keywords || undefined,
    privatedProduct: params.privated_product,
    favorite: params.favorite,
  });
  return ok({ ...page, pageSize: params.pageSize, startData: params.startData });
});
