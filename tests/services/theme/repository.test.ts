import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { downloadRepositoryArchive, parseRepositoryUrl } from "~/services/theme/repository.server";
import { fakeDns, realDns } from "../../helpers/dns";
import { themeZip } from "../../helpers/theme-zip";
import { REPOSITORY_API, repositoryHost } from "../../mocks/repository-host";
import { server } from "../../mocks/server";

const ref = { owner: "acme", repo: "theme", branch: "main", token: "ghp_service_token" };
const MB = 1024 * 1024;

beforeEach(() => fakeDns({ "repo-host.test": "140.82.112.6", "codeload.repo-host.test": "140.82.112.10" }));
afterEach(() => realDns());

async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error as Error & { status: number };
  }
  throw new Error("expected a failure");
}

describe("parseRepositoryUrl", () => {
  it("reads owner, repository, a branch with slashes and the token", () => {
    expect(parseRepositoryUrl("repo-api://acme/storefront.theme/feature/black-friday?token=ghp_a%2Bb")).toEqual({
      owner: "acme",
      repo: "storefront.theme",
      branch: "feature/black-friday",
      token: "ghp_a+b",
    });
  });

  it.each([
    "repo-api://acme/theme/main?token=",
    "repo-api://acme/theme/main",
    "repo-api://-acme/theme/main?token=ghp_Secret42",
    "repo-api://acme/theme/?token=ghp_Secret42",
    "repo-api://acme/theme/a..b?token=ghp_Secret42",
    "repo-api://acme/theme/ma%20in?token=ghp_Secret42",
    "repo-api://acme/theme/%E0%A4%A?token=ghp_Secret42",
    "repo-api://acme/ghp_Secret42?token=ghp_Secret42",
  ])("refuses %s with a 400 that never repeats the token", (value) => {
    let error: (Error & { status?: number }) | undefined;
    try {
      parseRepositoryUrl(value);
    } catch (thrown) {
      error = thrown as Error & { status?: number };
    }
    expect(error?.status).toBe(400);
    expect(error?.message).toMatch(/^themeUrl: /);
    expect(error?.message).not.toContain("Secret42");
  });
});

describe("downloadRepositoryArchive", () => {
  const fixture = { ...ref, sha: "abc1234", zip: themeZip({ folder: "acme-theme-abc1234" }) };

  it("returns the archive of the branch's commit", async () => {
    server.use(...repositoryHost(fixture).handlers);
    const zip = await downloadRepositoryArchive(ref, MB);
    expect(zip.equals(fixture.zip)).toBe(true);
  });

  it("refuses an archive over the size limit", async () => {
    server.use(...repositoryHost(fixture).handlers);
    const error = await failureOf(downloadRepositoryArchive(ref, 256));
    expect(error.status).toBe(400);
    expect(error.message).toBe("The repository archive is larger than 256 bytes");
  });

  it("explains a token without read access", async () => {
    server.use(
      http.get(`${REPOSITORY_API}/repos/acme/theme`, () =>
        HttpResponse.json({ message: "Resource not accessible by personal access token" }, { status: 403 }),
      ),
    );
    const error = await failureOf(downloadRepositoryArchive(ref, MB));
    expect(error.status).toBe(400);
    expect(error.message).toBe("The repository token does not have read access to acme/theme");
  });

  it("answers 429 when the host's rate limit is used up", async () => {
    server.use(
      http.get(`${REPOSITORY_API}/repos/acme/theme`, () =>
        HttpResponse.json(
          { message: "API rate limit exceeded" },
          { status: 403, headers: { "x-ratelimit-remaining": "0" } },
        ),
      ),
    );
    const error = await failureOf(downloadRepositoryArchive(ref, MB));
    expect(error.status).toBe(429);
  });

  it("answers 502 when the host cannot be reached", async () => {
    server.use(http.get(`${REPOSITORY_API}/repos/acme/theme`, () => HttpResponse.error()));
    const error = await failureOf(downloadRepositoryArchive(ref, MB));
    expect(error.status).toBe(502);
    expect(error.message).toBe("The repository host did not answer; try again shortly");
  });

  it("answers 502 when the archive download fails", async () => {
    server.use(
      http.get(`${REPOSITORY_API}/repos/acme/theme/zipball/abc1234`, () => new HttpResponse(null, { status: 500 })),
      ...repositoryHost(fixture).handlers,
    );
    const error = await failureOf(downloadRepositoryArchive(ref, MB));
    expect(error.status).toBe(502);
    expect(error.message).toBe("The repository host did not give the archive of acme/theme (HTTP 500)");
  });
});
