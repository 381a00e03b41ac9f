import { http, HttpResponse } from "msw";
import { TEST_ENV } from "../helpers/test-env";

export const REPOSITORY_API = TEST_ENV.GITHUB_API_URL;
export const CODELOAD = "https://codeload.repo-host.test";

export interface RepositoryFixture {
  owner: string;
  repo: string;
  branch: string;
  token: string;
  sha: string;
  zip: Buffer;
}

export interface RepositoryHostLog {
  /** Method and path of every call, in order. */
  calls: string[];
  /** The Authorization header each archive download arrived with at the archive host. */
  archiveAuthorization: (string | null)[];
}

/**
 * The repository host's API as GitHub answers it: 401 for a bad token, 404 for a repository the token
 * cannot see or a missing branch, and the zipball as a redirect to a separate archive host.
 */
export function repositoryHost(fixture: RepositoryFixture) {
  const log: RepositoryHostLog = { calls: [], archiveAuthorization: [] };
  const authorized = (request: Request) => request.headers.get("authorization") === `Bearer ${fixture.token}`;
  const badCredentials = () => HttpResponse.json({ message: "Bad credentials", status: "401" }, { status: 401 });
  const notFound = () => HttpResponse.json({ message: "Not Found", status: "404" }, { status: 404 });
  const known = (params: Record<string, unknown>) => params.owner === fixture.owner && params.repo === fixture.repo;

  const handlers = [
    http.get(`${REPOSITORY_API}/repos/:owner/:repo`, ({ request, params }) => {
      log.calls.push(`GET ${new URL(request.url).pathname}`);
      if (!authorized(request)) return badCredentials();
      if (!known(params)) return notFound();
      return HttpResponse.json({ id: 1, full_name: `${fixture.owner}/${fixture.repo}`, private: true });
    }),
    http.get(`${REPOSITORY_API}/repos/:owner/:repo/branches/*`, ({ request, params }) => {
      const path = new URL(request.url).pathname;
      log.calls.push(`GET ${path}`);
      if (!authorized(request)) return badCredentials();
      if (!known(params)) return notFound();
      const branch = decodeURIComponent(path.split("/branches/")[1]);
      if (branch !== fixture.branch) return HttpResponse.json({ message: "Branch not found" }, { status: 404 });
      return HttpResponse.json({ name: branch, commit: { sha: fixture.sha }, protected: false });
    }),
    http.get(`${REPOSITORY_API}/repos/:owner/:repo/zipball/:ref`, ({ request, params }) => {
      log.calls.push(`GET ${new URL(request.url).pathname}`);
      if (!authorized(request)) return badCredentials();
      if (!known(params) || params.ref !== fixture.sha) return notFound();
      const location = `${CODELOAD}/${fixture.owner}/${fixture.repo}/legacy.zip/${fixture.sha}?token=short-lived`;
      return new HttpResponse(null, { status: 302, headers: { Location: location } });
    }),
    http.get(`${CODELOAD}/:owner/:repo/legacy.zip/:sha`, ({ request }) => {
      log.calls.push(`GET ${CODELOAD}${new URL(request.url).pathname}`);
      log.archiveAuthorization.push(request.headers.get("authorization"));
      return new HttpResponse(new Uint8Array(fixture.zip), {
        headers: { "Content-Type": "application/zip", "Content-Length": String(fixture.zip.length) },
      });
    }),
  ];
  return { handlers, log };
}
