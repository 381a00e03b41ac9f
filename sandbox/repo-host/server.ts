import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import AdmZip from "adm-zip";
import { Router, listen, noEvents, type EventSink, type SimRequest } from "../lib/http";

export const SANDBOX_REPO = { owner: "tienda-demo", repo: "tema-cod", branch: "main", token: "sandbox-repo-token" };

const THEME_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "theme");
const COMMIT = "7c1e2f9a4b3d5e6f708192a3b4c5d6e7f8091a2b";

function themeFiles(dir = THEME_DIR, prefix = ""): { name: string; data: Buffer }[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    return statSync(full).isDirectory()
      ? themeFiles(full, `${prefix}${entry}/`)
      : [{ name: `${prefix}${entry}`, data: readFileSync(full) }];
  });
}

/** The sample theme as a ZIP; `folder` wraps every file in one top-level folder, as repository archives do. */
export function themeZip(options: { folder?: string; without?: string[] } = {}) {
  const zip = new AdmZip();
  for (const file of themeFiles()) {
    if (options.without?.includes(file.name)) continue;
    zip.addFile(`${options.folder ? `${options.folder}/` : ""}${file.name}`, file.data);
  }
  return zip.toBuffer();
}

/**
 * The repository host simulator (GitHub's REST API, the part a private theme install needs): token check,
 * repository and branch checks, and the branch zipball (a redirect to a short-lived download, like codeload).
 * Public archives for the public-URL install are under /public/.
 */
export function createRepoHostSimulator(options: { port?: number; events?: EventSink } = {}) {
  const events = options.events ?? noEvents;
  const emit = (message: string) => events({ system: "repo-host", message, at: new Date().toISOString() });
  const downloads = new Set<string>();
  const requests: { method: string; path: string; authorized: boolean; at: string }[] = [];
  let baseUrl = "";

  const tokenOf = (request: SimRequest) =>
    /^(?:Bearer|token)\s+(.+)$/i.exec(request.header("authorization") ?? "")?.[1] ?? null;
  const badCredentials = {
    status: 401,
    body: { message: "Bad credentials", documentation_url: "https://docs.github.com/rest", status: "401" },
  };
  const notFound = {
    status: 404,
    body: { message: "Not Found", documentation_url: "https://docs.github.com/rest", status: "404" },
  };

  /** null when allowed; otherwise the answer GitHub gives (401 for a wrong token, 404 hides a private repo). */
  const guard = (request: SimRequest) => {
    const token = tokenOf(request);
    requests.push({
      method: request.method,
      path: request.url.pathname,
      authorized: token === SANDBOX_REPO.token,
      at: new Date().toISOString(),
    });
    if (token !== null && token !== SANDBOX_REPO.token) return badCredentials;
    const { owner, repo } = request.params;
    if (owner && (owner !== SANDBOX_REPO.owner || repo !== SANDBOX_REPO.repo)) return notFound;
    if (token === null && owner) return notFound;
    return null;
  };

  const repository = () => ({
    id: 812_345_678,
    name: SANDBOX_REPO.repo,
    full_name: `${SANDBOX_REPO.owner}/${SANDBOX_REPO.repo}`,
    private: true,
    owner: { login: SANDBOX_REPO.owner, type: "Organization" },
    default_branch: SANDBOX_REPO.branch,
    permissions: { admin: false, maintain: false, push: false, triage: false, pull: true },
  });

  const router = new Router()
    .on(
      "GET",
      "/user",
      (request) =>
        guard(request) ??
        (tokenOf(request)
          ? { body: { login: "tema-bot", id: 1, type: "User" } }
          : { status: 401, body: { message: "Requires authentication" } }),
    )
    .on("GET", "/repos/:owner/:repo", (request) => guard(request) ?? { body: repository() })
    .on("GET", "/repos/:owner/:repo/branches/:branch", (request) => {
      const refused = guard(request);
      if (refused) return refused;
      if (request.params.branch !== SANDBOX_REPO.branch)
        return { status: 404, body: { message: "Branch not found", status: "404" } };
      return { body: { name: SANDBOX_REPO.branch, commit: { sha: COMMIT }, protected: false } };
    })
    .on("GET", "/repos/:owner/:repo/zipball/:ref", (request) => {
      const refused = guard(request);
      if (refused) return refused;
      // Like GitHub: any ref names the archive, the branch or its commit (full or abbreviated sha).
      const ref = request.params.ref;
      if (ref !== SANDBOX_REPO.branch && !(ref.length >= 7 && COMMIT.startsWith(ref))) return notFound;
      const ticket = randomBytes(12).toString("hex");
      downloads.add(ticket);
      emit(`zipball of ${SANDBOX_REPO.owner}/${SANDBOX_REPO.repo}@${request.params.ref} requested`);
      return {
        status: 302,
        headers: {
          Location: `${baseUrl}/codeload/${SANDBOX_REPO.owner}/${SANDBOX_REPO.repo}/legacy.zip/refs/heads/${request.params.ref}?token=${ticket}`,
        },
      };
    })
    .on("GET", "/codeload/:owner/:repo/legacy.zip/refs/heads/:ref", (request) => {
      const ticket = request.url.searchParams.get("token") ?? "";
      if (!downloads.delete(ticket)) return notFound;
      const folder = `${SANDBOX_REPO.owner}-${SANDBOX_REPO.repo}-${COMMIT.slice(0, 7)}`;
      return {
        headers: { "Content-Type": "application/zip", "Content-Disposition": `attachment; filename=${folder}.zip` },
        body: themeZip({ folder }),
      };
    })
    .on("GET", "/public/tema-cod.zip", () => ({ headers: { "Content-Type": "application/zip" }, body: themeZip() }))
    .on("GET", "/public/not-a-theme.zip", () => ({
      headers: { "Content-Type": "application/zip" },
      body: themeZip({ without: ["layout/theme.liquid"] }),
    }))
    .on("GET", "/sim/requests", () => ({ body: { requests } }));

  return {
    router,
    requests,
    async listen(port = options.port ?? 0) {
      const listening = await listen(router, port);
      baseUrl = listening.url;
      return listening;
    },
  };
}
