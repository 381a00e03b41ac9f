import { z } from "zod";
import { env } from "../../env.server";
import { DEFAULT_THEME_NAME } from "./install.server";
import { isRepositoryUrl } from "./repository.server";

// The platform downloads the archive from this URL too: over plain http anyone on the way could swap it. The
// sandbox's loopback servers (ALLOW_LOOPBACK_FETCH, refused in production) speak plain http.
const themeUrlPattern = () => (env().ALLOW_LOOPBACK_FETCH ? /^https?:\/\/[^/?#]/i : /^https:\/\/[^/?#]/i);

/** What installing a theme takes, from the JSON route and from the theme page's action alike. */
export const themeInstallInput = z.object({
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
