import AdmZip from "adm-zip";
import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { loader as download } from "~/routes/api.theme.download.$id";
import { action as installAction } from "~/routes/api.theme.install";
import { loader as installsLoader } from "~/routes/api.theme.installs";
import { resetEnvForTests } from "~/env.server";
import { storeTemporaryThemeFile } from "~/services/theme/temporary-files.server";
import { fakeDns, realDns } from "../helpers/dns";
import { createSession, createThemeInstall, shopDomain } from "../helpers/factories";
import { startLocalServer, type LocalServer } from "../helpers/local-server";
import { captureLogs } from "../helpers/logs";
import { adminRequest, formBody } from "../helpers/requests";
import { TEST_ENV } from "../helpers/test-env";
import { entryNames, THEME_FILES, themeZip, themeZipWithEntry } from "../helpers/theme-zip";
import { themeCreated, themesCreate } from "../mocks/platform";
import { repositoryHost, type RepositoryFixture } from "../mocks/repository-host";
import { server } from "../mocks/server";

const ACCESS_TOKEN = "shpat_theme_installer_secret";
const REPO_TOKEN = "ghp_PrivateRepoToken0123456789abcdef";
const PUBLIC_ZIP = "https://themes.example/releases/automation-theme.zip";
const themeNames = Object.keys(THEME_FILES).sort();
const args = { params: {}, context: {} };

let shop: string;

beforeEach(async () => {
  shop = shopDomain();
  await createSession(shop, { accessToken: ACCESS_TOKEN });
  fakeDns({
    "themes.example": "93.184.215.14",
    "repo-host.test": "140.82.112.6",
    "codeload.repo-host.test": "140.82.112.10",
    "internal.example": "10.0.0.8",
    "metadata.example": "169.254.169.254",
    localhost: ["127.0.0.1", "::1"],
  });
});

afterEach(() => realDns());

async function install(fields: Record<string, string>) {
  const request = await adminRequest("/api/theme/install", shop, formBody(fields));
  const response = await installAction({ request, ...args });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), text };
}

function servePublicZip(url: string, zip: Buffer) {
  server.use(
    http.get(url, () => new HttpResponse(new Uint8Array(zip), { headers: { "Content-Type": "application/zip" } })),
  );
}

function repository(overrides: Partial<RepositoryFixture> = {}) {
  const fixture: RepositoryFixture = {
    owner: "acme",
    repo: "storefront-theme",
    branch: "release/2.5",
    token: REPO_TOKEN,
    sha: "3f2a9c1b7e4d",
    zip: themeZip({ folder: "acme-storefront-theme-3f2a9c1" }),
    ...overrides,
  };
  const host = repositoryHost(fixture);
  server.use(...host.handlers);
  return host;
}

const repoUrl = (path = "acme/storefront-theme/release/2.5", token = REPO_TOKEN) =>
  `repo-api://${path}?token=${encodeURIComponent(token)}`;

/** The platform as it behaves: it downloads `src` (here through the app's own download route) and answers. */
function platformThatDownloads() {
  const downloads: { status: number; zip: Buffer }[] = [];
  const platform = themesCreate(shop, async ({ body }) => {
    const id = new URL(body.variables.source).pathname.split("/").pop() ?? "";
    const response = await download({ request: new Request(body.variables.source), params: { id }, context: {} });
    downloads.push({ status: response.status, zip: Buffer.from(await response.arrayBuffer()) });
    return themeCreated(body.variables.name);
  });
  server.use(platform.handler);
  return { ...platform, downloads };
}

describe("POST /api/theme/install: public archives", () => {
  it("installs a public archive through themeCreate (UNPUBLISHED) and answers the spec's Theme", async () => {
    servePublicZip(PUBLIC_ZIP, themeZip());
    const platform = themesCreate(shop);
    server.use(platform.handler);

    const { status, body } = await install({ themeUrl: PUBLIC_ZIP, themeName: "Tienda Otoño" });

    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      message: 'Theme "Tienda Otoño" installed as an unpublished theme; publish it from Online Store > Themes',
      theme: { id: 828155753, name: "Tienda Otoño", role: "unpublished", created_at: "2026-11-22T06:50:00Z" },
    });
    expect(platform.requests).toHaveLength(1);
    const [request] = platform.requests;
    expect(request.url).toBe(`https://${shop}/admin/api/2026-10/graphql.json`);
    expect(request.headers["x-shopify-access-token"]).toBe(ACCESS_TOKEN);
    expect(request.body.query).toContain("themeCreate(source: $source, name: $name, role: UNPUBLISHED)");
    expect(request.body.variables).toEqual({ name: "Tienda Otoño", source: PUBLIC_ZIP });
    expect(await prisma.temporaryThemeFile.count()).toBe(0);
  });

  it("names the theme Automation Theme 2.5 when no name is given", async () => {
    servePublicZip(PUBLIC_ZIP, themeZip());
    const platform = themesCreate(shop);
    server.use(platform.handler);
    const { body } = await install({ themeUrl: PUBLIC_ZIP, themeName: "  " });
    expect(platform.requests[0].body.variables.name).toBe("Automation Theme 2.5");
    expect(body.theme.name).toBe("Automation Theme 2.5");
  });

  it("repackages a public archive whose theme sits in a folder and serves it at a temporary URL", async () => {
    servePublicZip(PUBLIC_ZIP, themeZip({ folder: "automation-theme-2.5" }));
    const platform = platformThatDownloads();

    const { status } = await install({ themeUrl: PUBLIC_ZIP });

    expect(status).toBe(200);
    const src = platform.requests[0].body.variables.source;
    expect(src).toMatch(new RegExp(`^${TEST_ENV.PLATFORM_APP_URL}/api/theme/download/[A-Za-z0-9_-]{43}$`));
    expect(platform.downloads[0].status).toBe(200);
    expect(entryNames(platform.downloads[0].zip)).toEqual(themeNames);
  });

  it("records the install for the admin's checklist", async () => {
    servePublicZip(PUBLIC_ZIP, themeZip());
    server.use(themesCreate(shop).handler);
    await install({ themeUrl: PUBLIC_ZIP, themeName: "Checklist" });
    const rows = await prisma.themeInstall.findMany({ where: { shop } });
    expect(rows).toMatchObject([{ themeId: 828155753n, name: "Checklist", role: "unpublished", source: "public" }]);
  });
});

describe("POST /api/theme/install: private repositories", () => {
  it("checks the token, downloads the branch archive, repackages it and lets the platform fetch it", async () => {
    const host = repository();
    const platform = platformThatDownloads();

    const { status, body } = await install({ themeUrl: repoUrl(), themeName: "Private build" });

    expect(status).toBe(200);
    expect(body.theme).toEqual({
      id: 828155753,
      name: "Private build",
      role: "unpublished",
      created_at: "2026-11-22T06:50:00Z",
    });
    expect(host.log.calls).toEqual([
      "GET /repos/acme/storefront-theme",
      "GET /repos/acme/storefront-theme/branches/release/2.5",
      "GET /repos/acme/storefront-theme/zipball/3f2a9c1b7e4d",
      "GET https://codeload.repo-host.test/acme/storefront-theme/legacy.zip/3f2a9c1b7e4d",
    ]);
    // The token is for the API host only; the archive host's redirect URL carries its own.
    expect(host.log.archiveAuthorization).toEqual([null]);
    const { query, variables } = platform.requests[0].body;
    expect(query).toContain("role: UNPUBLISHED");
    expect(variables.source).toMatch(new RegExp(`^${TEST_ENV.PLATFORM_APP_URL}/api/theme/download/[A-Za-z0-9_-]{43}$`));
    expect(platform.downloads).toHaveLength(1);
    expect(platform.downloads[0].status).toBe(200);
    expect(entryNames(platform.downloads[0].zip)).toEqual(themeNames);
    expect(new AdmZip(platform.downloads[0].zip).readAsText("layout/theme.liquid")).toBe(
      THEME_FILES["layout/theme.liquid"],
    );
    expect(await prisma.themeInstall.findFirst({ where: { shop } })).toMatchObject({ source: "repository" });
  });

  it("never puts the repository token in the temporary URL, a log line or a response", async () => {
    repository();
    const platform = platformThatDownloads();
    const logs = captureLogs();
    let responses: string[];
    try {
      responses = [
        (await install({ themeUrl: repoUrl() })).text,
        (await install({ themeUrl: repoUrl("acme/storefront-theme/missing") })).text,
        (await install({ themeUrl: repoUrl("acme/storefront-theme/release/2.5", "ghp_wrong_token") })).text,
        (await installsLoader({ request: await adminRequest("/api/theme/installs", shop), ...args }).then((r) =>
          r.text(),
        )) as string,
      ];
    } finally {
      logs.stop();
    }
    expect(logs.lines.length).toBeGreaterThan(0);
    expect(logs.text()).toContain("theme installed");
    expect(logs.text()).not.toContain(REPO_TOKEN);
    expect(logs.text()).not.toContain("ghp_wrong_token");
    for (const text of responses) expect(text).not.toContain(REPO_TOKEN);
    expect(platform.requests[0].body.variables.source).not.toContain(REPO_TOKEN);
    const stored = await prisma.themeInstall.findMany();
    expect(JSON.stringify(stored, (_key, value) => (typeof value === "bigint" ? String(value) : value))).not.toContain(
      REPO_TOKEN,
    );
  });

  it.each([
    [
      "a bad token",
      repoUrl(undefined, "ghp_expired"),
      "The repository token was refused: it is invalid or has expired",
    ],
    [
      "an unknown repository",
      repoUrl("acme/no-such-theme/main"),
      "Repository acme/no-such-theme not found, or the token cannot read it",
    ],
    ["an unknown branch", repoUrl("acme/storefront-theme/nope"), "Branch nope not found in acme/storefront-theme"],
  ])("refuses %s with a clear 400", async (_case, themeUrl, error) => {
    repository();
    const { status, body } = await install({ themeUrl });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error });
    expect(await prisma.temporaryThemeFile.count()).toBe(0);
  });

  it("refuses a repository branch that is not a theme", async () => {
    repository({ zip: themeZip({ folder: "acme-docs-1", files: { "README.md": "# docs" } }) });
    const { status, body } = await install({ themeUrl: repoUrl() });
    expect(status).toBe(400);
    expect(body.error).toBe("The archive is not a theme: layout/theme.liquid is missing");
  });

  it.each([
    ["repo-api://acme/storefront-theme/main", "themeUrl: the repository URL needs a token"],
    ["repo-api://acme?token=x", "themeUrl: the repository URL must have the form"],
    ["repo-api://acme/theme/../main?token=x", "themeUrl: the repository URL must have the form"],
  ])("explains a malformed repository URL %s", async (themeUrl, error) => {
    const { status, body } = await install({ themeUrl });
    expect(status).toBe(400);
    expect(body.error).toContain(error);
  });
});

describe("POST /api/theme/install: refusals", () => {
  it.each([
    ["https://127.0.0.1:8080/theme.zip", "127.0.0.1 is a loopback address; the app does not fetch it"],
    ["https://localhost/theme.zip", "localhost is a loopback address; the app does not fetch it"],
    ["https://internal.example/theme.zip", "internal.example is a private network address; the app does not fetch it"],
    ["https://192.168.0.20/theme.zip", "192.168.0.20 is a private network address; the app does not fetch it"],
    [
      "https://169.254.169.254/latest/meta-data/iam/",
      "169.254.169.254 is a cloud metadata address; the app does not fetch it",
    ],
    ["https://metadata.example/", "metadata.example is a cloud metadata address; the app does not fetch it"],
  ])("refuses %s", async (themeUrl, error) => {
    const { status, body } = await install({ themeUrl });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error });
    expect(await prisma.themeInstall.count()).toBe(0);
  });

  it("refuses a public URL that redirects to a private address", async () => {
    server.use(
      http.get(
        "https://themes.example/latest.zip",
        () => new HttpResponse(null, { status: 302, headers: { Location: "http://10.0.0.8/theme.zip" } }),
      ),
    );
    const { status, body } = await install({ themeUrl: "https://themes.example/latest.zip" });
    expect(status).toBe(400);
    expect(body.error).toBe(
      "The URL redirects to 10.0.0.8, which is a private network address; the app does not fetch it",
    );
  });

  it("refuses an archive over 50 MB", async () => {
    server.use(
      http.get(PUBLIC_ZIP, () => new HttpResponse("PK", { headers: { "Content-Length": String(60 * 1024 * 1024) } })),
    );
    const { status, body } = await install({ themeUrl: PUBLIC_ZIP });
    expect(status).toBe(400);
    expect(body.error).toBe("The download is larger than 50 MB");
  });

  it("refuses a URL that does not serve a ZIP", async () => {
    server.use(http.get(PUBLIC_ZIP, () => HttpResponse.text("<html>Download page</html>")));
    const { status, body } = await install({ themeUrl: PUBLIC_ZIP });
    expect(status).toBe(400);
    expect(body.error).toBe("The file is not a ZIP archive");
  });

  it("refuses an archive with a zip-slip entry", async () => {
    servePublicZip(PUBLIC_ZIP, themeZipWithEntry("../../../etc/cron.d/evil"));
    const { status, body } = await install({ themeUrl: PUBLIC_ZIP });
    expect(status).toBe(400);
    expect(body.error).toBe("The theme archive has an unsafe entry: ../../../etc/cron.d/evil");
  });

  it("refuses an archive that is not a theme", async () => {
    servePublicZip(PUBLIC_ZIP, themeZip({ files: { "index.html": "<h1>hi</h1>" } }));
    const { status, body } = await install({ themeUrl: PUBLIC_ZIP });
    expect(status).toBe(400);
    expect(body.error).toBe("The archive is not a theme: layout/theme.liquid is missing");
  });

  it("refuses a URL that answers an error status", async () => {
    server.use(http.get(PUBLIC_ZIP, () => new HttpResponse("gone", { status: 404 })));
    const { status, body } = await install({ themeUrl: PUBLIC_ZIP });
    expect(status).toBe(400);
    expect(body.error).toBe("The theme URL answered HTTP 404; it must serve the ZIP archive");
  });

  it.each([
    "http://themes.example/theme.zip",
    "ftp://themes.example/theme.zip",
    "file:///etc/passwd",
    "themes.example/theme.zip",
  ])("refuses %s as a themeUrl, naming the field", async (themeUrl) => {
    const { status, body } = await install({ themeUrl });
    expect(status).toBe(400);
    expect(body.error).toBe(
      "themeUrl: must be an https URL of a ZIP archive or repo-api://<owner>/<repo>/<branch>?token=<REPO_TOKEN>",
    );
  });

  it("reads a JSON body the way every other admin endpoint does", async () => {
    servePublicZip(PUBLIC_ZIP, themeZip());
    const platform = themesCreate(shop);
    server.use(platform.handler);
    const request = await adminRequest("/api/theme/install", shop, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ themeUrl: PUBLIC_ZIP, themeName: "From a script" }),
    });
    const response = await installAction({ request, ...args });
    expect(response.status).toBe(200);
    expect(platform.requests[0].body.variables).toEqual({ name: "From a script", source: PUBLIC_ZIP });
  });

  it("refuses a body that is neither form data nor JSON", async () => {
    const request = await adminRequest("/api/theme/install", shop, {
      method: "POST",
      headers: { "Content-Type": "text/plain" },
      body: `themeUrl=${PUBLIC_ZIP}`,
    });
    const response = await installAction({ request, ...args });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, error: "The body must be form data" });
  });

  it("requires themeUrl, naming the field", async () => {
    const { status, body } = await install({ themeName: "No URL" });
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error: "themeUrl: is required" });
  });

  it("passes on the platform's refusal as a clear error and discards the temporary archive", async () => {
    repository();
    server.use(
      themesCreate(shop, () => ({
        themeCreate: { theme: null, userErrors: [{ field: ["source"], message: "is not a valid theme archive" }] },
      })).handler,
    );
    const { status, body } = await install({ themeUrl: repoUrl() });
    expect(status).toBe(422);
    expect(body).toMatchObject({
      success: false,
      error: "The platform refused the theme: source is not a valid theme archive",
    });
    expect(await prisma.temporaryThemeFile.count()).toBe(0);
    expect(await prisma.themeInstall.count()).toBe(0);
  });

  it("explains a platform that refuses the access scope", async () => {
    servePublicZip(PUBLIC_ZIP, themeZip());
    server.use(
      themesCreate(shop, () =>
        HttpResponse.json({
          errors: [{ message: "Access denied for themeCreate field.", extensions: { code: "ACCESS_DENIED" } }],
        }),
      ).handler,
    );
    const { status, body } = await install({ themeUrl: PUBLIC_ZIP });
    expect(status).toBe(403);
    expect(body.error).toBe("The platform refused: the app needs the write_themes access scope for this shop");
  });
});

describe("POST /api/theme/install with ALLOW_LOOPBACK_FETCH (the sandbox)", () => {
  let local: LocalServer | undefined;

  beforeEach(() => {
    process.env.ALLOW_LOOPBACK_FETCH = "true";
    resetEnvForTests();
  });

  afterEach(async () => {
    delete process.env.ALLOW_LOOPBACK_FETCH;
    resetEnvForTests();
    await local?.close();
    local = undefined;
  });

  it("installs an archive served on loopback", async () => {
    const zip = themeZip();
    local = await startLocalServer((_request, response) =>
      response.writeHead(200, { "Content-Type": "application/zip" }).end(zip),
    );
    const platform = themesCreate(shop);
    server.use(platform.handler);
    const { status } = await install({ themeUrl: `${local.origin}/theme.zip` });
    expect(status).toBe(200);
    expect(platform.requests[0].body.variables.source).toBe(`${local.origin}/theme.zip`);
    expect(local.requests).toEqual(["/theme.zip"]);
  });

  it("still refuses a redirect from loopback to the metadata address", async () => {
    local = await startLocalServer((_request, response) =>
      response.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/" }).end(),
    );
    const { status, body } = await install({ themeUrl: `${local.origin}/theme.zip` });
    expect(status).toBe(400);
    expect(body.error).toBe(
      "The URL redirects to 169.254.169.254, which is a cloud metadata address; the app does not fetch it",
    );
  });
});

describe("GET /api/theme/download/:id", () => {
  const get = (id: string) =>
    download({
      request: new Request(`${TEST_ENV.PLATFORM_APP_URL}/api/theme/download/${id}`),
      params: { id },
      context: {},
    });

  it("serves the ZIP bytes with exactly the spec's headers and the security headers", async () => {
    const zip = themeZip();
    const { id } = await storeTemporaryThemeFile(shop, zip);
    const response = await get(id);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers.entries())).toEqual({
      "content-type": "application/zip",
      "content-disposition": "attachment; filename=automation-theme-2.5.zip",
      "content-length": String(zip.length),
      "cache-control": "no-cache, no-store, must-revalidate",
      "access-control-allow-origin": "*",
      // docs/decisions/074: on every response of the app.
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "strict-transport-security": "max-age=31536000; includeSubDomains",
    });
    expect(Buffer.from(await response.arrayBuffer()).equals(zip)).toBe(true);
  });

  it("answers 404 JSON for an unknown id", async () => {
    const response = await get("Zm9yZ2VkLWlkLXRoYXQtZG9lcy1ub3QtZXhpc3QtYWJj");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: "Theme file not found or expired" });
  });

  it("answers 404 once the archive is older than 5 minutes", async () => {
    const { id } = await storeTemporaryThemeFile(shop, themeZip(), new Date(Date.now() - 5 * 60_000 - 1000));
    const response = await get(id);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: "Theme file not found or expired" });
  });
});

describe("GET /api/theme/installs", () => {
  it("lists the shop's installs newest first, and no other shop's", async () => {
    await createThemeInstall(shop, { themeId: 1001, createdAt: new Date("2026-11-20T10:00:00Z") });
    await createThemeInstall(shop, { themeId: 1002, createdAt: new Date("2026-11-21T10:00:00Z") });
    await createThemeInstall(shopDomain(), { themeId: 9999 });
    const response = await installsLoader({ request: await adminRequest("/api/theme/installs", shop), ...args });
    const body = await response.json();
    expect(response.status).toBe(200);
    expect(body.success).toBe(true);
    expect(body.installs.map((install: { themeId: number }) => install.themeId)).toEqual([1002, 1001]);
    expect(body.installs[0]).toEqual({
      id: expect.any(String),
      themeId: 1002,
      name: expect.any(String),
      role: "unpublished",
      source: "public",
      createdAt: "2026-11-21T10:00:00.000Z",
    });
  });
});
