import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { AppError, apiHandler, ok } from "../lib/http.server";
import { authenticateAdminApi } from "../services/platform/admin-auth.server";
import { DEFAULT_THEME_NAME, installTheme } from "../services/theme/install.server";
import { isRepositoryUrl } from "../services/theme/repository.server";

const form = z.object({
  themeUrl: z
    .string({ required_error: "is required" })
    .trim()
    .min(1, "is required")
    .max(2048, "must be at most 2048 characters")
    .refine((value) => isRepositoryUrl(value) || /^https?:\/\/[^/?#]/i.test(value), {
      message: "must be an http(s) URL of a ZIP archive or repo-api://<owner>/<repo>/<branch>?token=<REPO_TOKEN>",
    }),
  themeName: z
    .string()
    .trim()
    .max(100, "must be at most 100 characters")
    .optional()
    .transform((name) => name || DEFAULT_THEME_NAME),
});

export const action = apiHandler(async ({ request }: ActionFunctionArgs) => {
  const { shop } = await authenticateAdminApi(request);
  const body = await request.formData().catch(() => {
    throw new AppError(400, "The request body must be form data (themeUrl, themeName)");
  });
  const fields = Object.fromEntries(
    [...body.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const parsed = form.safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError(400, `${issue.path.join(".")}: ${issue.message}`);
  }
  const { theme } = await installTheme({ shop, ...parsed.data });
  return ok({
    message: `Theme "${theme.name}" installed as an unpublished theme; publish it from Online Store > Themes`,
    theme,
  });
});
