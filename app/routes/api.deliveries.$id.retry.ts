import type { ActionFunctionArgs } from "@remix-run/node";
import { extensionApi } from "../lib/extension-api.server";
import { ok } from "../lib/http.server";
import { retryNow } from "../services/deliveries/operations.server";

export const action = extensionApi(async ({ args: { params }, shop }: { args: ActionFunctionArgs; shop: string }) =>
  ok({ delivery: await retryNow(shop, params.id ?? "") }),
);
