/** How a merchant points the app at a theme archive (POST /api/theme/install, `themeUrl`). */
export type ThemeSource =
  { kind: "public"; url: string } | { kind: "repository"; owner: string; repo: string; branch: string; token: string };

export type ThemeSourceErrors = Partial<Record<"url" | "owner" | "repo" | "branch" | "token", "required" | "invalid">>;

const NAME = /^[A-Za-z0-9._-]+$/;
// Branches may be namespaced ("release/2.5"); nothing else that would break the repo-api:// path.
const BRANCH = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/**
 * Field-by-field problems, empty when the source can be sent. `allowHttp`: the server fetches loopback archives
 * over plain http (ALLOW_LOOPBACK_FETCH: the sandbox and tests, never production), so the page takes what the
 * server takes and the sandbox's printed archive URL can be installed.
 */
export function validateThemeSource(source: ThemeSource, { allowHttp = false } = {}): ThemeSourceErrors {
  const errors: ThemeSourceErrors = {};
  if (source.kind === "public") {
    const url = source.url.trim();
    if (!url) errors.url = "required";
    else if (!isWebUrl(url, allowHttp)) errors.url = "invalid";
    return errors;
  }
  for (const field of ["owner", "repo"] as const) {
    const value = source[field].trim();
    if (!value) errors[field] = "required";
    else if (!NAME.test(value)) errors[field] = "invalid";
  }
  const branch = source.branch.trim();
  if (!branch) errors.branch = "required";
  else if (!BRANCH.test(branch)) errors.branch = "invalid";
  if (!source.token.trim()) errors.token = "required";
  return errors;
}

/** The `themeUrl` the server expects: the public URL, or `repo-api://<owner>/<repo>/<branch>?token=<token>`. */
export function themeUrl(source: ThemeSource): string {
  if (source.kind === "public") return source.url.trim();
  const { owner, repo, branch, token } = source;
  return `repo-api://${owner.trim()}/${repo.trim()}/${branch.trim()}?token=${encodeURIComponent(token.trim())}`;
}

// The platform downloads the archive too, and only over https (docs/decisions/030).
function isWebUrl(value: string, allowHttp: boolean) {
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || (allowHttp && protocol === "http:");
  } catch {
    return false;
  }
}
