import type { ActionFunctionArgs } from "@remix-run/node";
import { BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { parseForm } from "../lib/input.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { themeInstallInput } from "../services/theme/install-input.server";
import { installTheme } from "../services/theme/install.server";

export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await parseForm(request, themeInstallInput);
    const { theme } = await installTheme({ shop, ...fields });
    return ok({
      message: `Theme "${theme.name}" installed as an unpublished theme; publish it from Online Store > Themes`,
      theme,
    });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
