import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { env } from "../env.server";
import { BODY_LIMITS, apiHandler, ok } from "../lib/http.server";
import { parseForm } from "../lib/input.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { DEFAULT_THEME_NAME, installTheme } from "../services/theme/install.server";
import { isRepositoryUrl } from "../services/theme/repository.server";

// The platform downloads the archive from this URL too: over plain http anyone on the way could swap it. The
// sandbox's loopback servers (ALLOW_LOOPBACK_FETCH, refused in production) speak plain http.
const themeUrlPattern = () => (env().ALLOW_LOOPBACK_FETCH ? /^https?:\/\/[^/?#]/i : /^https:\/\/[^/?#]/i);

const form = z.object({
  themeUrl: z
    .string({ required_error: "is required" })
    .trim()
    .min(1, "is required")
    .max(2048, "must be at most 2048 characters")
    .refine((value) => isRepositoryUrl(value) || themeUrlPattern().test(value), {
      message: "must be an https URL of a ZIP archive or repo-api://<owner>/<repo>/<branch>?token=<REPO_TOKEN>",
    }),
  themeName: z
    .string()
    .trim()
    .max(100, "must be at most 100 characters")
    .optional()
    .transform((name) => name || DEFAULT_THEME_NAME),
});

export const action = apiHandler(
  async ({ request }: ActionFunctionArgs) => {
    const { shop } = await authenticateAdminApi(request);
    const fields = await parseForm(request, form);
    const { theme } = await installTheme({ shop, ...fields });
    return ok({
      message: `Theme "${theme.name}" installed as an unpublished theme; publish it from Online Store > Themes`,
      theme,
    });
  },
  { maxBodyBytes: BODY_LIMITS.form },
);
