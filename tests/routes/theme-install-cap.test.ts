import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import prisma from "~/db.server";
import { action as installAction } from "~/routes/api.theme.install";
import { THEME_INSTALL_CAP } from "~/services/theme/install-slots.server";
import { fakeDns, realDns } from "../helpers/dns";
import { createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { themeZip } from "../helpers/theme-zip";
import { themeCreated, themesCreate } from "../mocks/platform";
import { server } from "../mocks/server";

const PUBLIC_ZIP = "https://themes.example/releases/automation-theme.zip";
const NOT_A_THEME = "https://themes.example/releases/not-a-theme.zip";

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { success: boolean; code?: string; error?: string; retryAfterSeconds?: number };
}

async function install(shop: string, themeUrl = PUBLIC_ZIP): Promise<Answer> {
  const request = await adminRequest("/api/theme/install", shop, formBody({ themeUrl }));
  const response = await installAction({ request, params: {}, context: {} });
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: await response.json() };
}

const gates: (() => void)[] = [];

/** A gate the test opens (or, when it fails first, afterEach does): what waits on it stays in flight until then. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  gates.push(open);
  return { open, opened };
}

/** Every install in flight reaches its gate within this, even on a loaded machine. */
const WAIT = { timeout: 10_000 };

/** The theme archive, served once `held` opens; `downloads` counts the requests that reached it. */
function serveHeldZip(held: Promise<void>) {
  const downloads: string[] = [];
  const zip = new Uint8Array(themeZip());
  server.use(
    http.get(PUBLIC_ZIP, async ({ request }) => {
      downloads.push(request.url);
      await held;
      return new HttpResponse(zip, { headers: { "Content-Type": "application/zip" } });
    }),
    http.get(NOT_A_THEME, () => new HttpResponse(new Uint8Array(themeZip({ files: { "README.md": "hola" } })))),
  );
  return downloads;
}

/** Starts the installs at once; `answered` fills as each answers, in the order they answer. */
function startInstalls(shops: string[]) {
  const answered: Answer[] = [];
  const all = Promise.all(
    shops.map((shop) =>
      install(shop).then((answer) => {
        answered.push(answer);
        return answer;
      }),
    ),
  );
  return { answered, all };
}

async function shopWithSession() {
  const shop = shopDomain();
  await createSession(shop);
  server.use(themesCreate(shop).handler);
  return shop;
}

beforeEach(() => fakeDns({ "themes.example": "93.184.215.14" }));
afterEach(async () => {
  // A failed test's installs end, so the next test starts with every slot free.
  for (const open of gates.splice(0)) open();
  await new Promise((resolve) => setTimeout(resolve, 100));
  realDns();
});

describe("POST /api/theme/install: installs at once", () => {
  it("runs one install per shop at a time and answers the others 429 with Retry-After at once", async () => {
    const shop = await shopWithSession();
    const held = gate();
    const downloads = serveHeldZip(held.opened);

    const { answered, all } = startInstalls(Array.from({ length: 6 }, () => shop));
    // Five answered while the first is still downloading: refused, not queued behind it.
    await vi.waitFor(() => expect(answered).toHaveLength(5), WAIT);
    expect(downloads).toHaveLength(1);
    for (const answer of answered) {
      expect(answer).toEqual({
        status: 429,
        retryAfter: "15",
        body: {
          success: false,
          code: "theme_install_busy",
          error: "A theme installation for this shop is already running; try again in 15 s",
          retryAfterSeconds: 15,
        },
      });
    }
    held.open();
    expect((await all).filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await prisma.themeInstall.count({ where: { shop } })).toBe(1);

    // The slot is free again once the install ended.
    expect((await install(shop)).status).toBe(200);
  });

  it("holds at most the process's number of archives at once, across shops", async () => {
    const shops = await Promise.all(Array.from({ length: 5 }, shopWithSession));
    const held = gate();
    const downloads = serveHeldZip(held.opened);

    const { answered, all } = startInstalls(shops);
    const excess = shops.length - THEME_INSTALL_CAP.perProcess;
    await vi.waitFor(() => expect(answered).toHaveLength(excess), WAIT);
    expect(downloads).toHaveLength(THEME_INSTALL_CAP.perProcess);
    for (const answer of answered) {
      expect(answer).toMatchObject({
        status: 429,
        retryAfter: "15",
        body: { code: "theme_install_busy", error: "The app is installing other themes right now; try again in 15 s" },
      });
    }
    held.open();
    const answers = await all;
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(THEME_INSTALL_CAP.perProcess);
    expect(await prisma.themeInstall.count()).toBe(THEME_INSTALL_CAP.perProcess);
  });

  it("frees the process's slot once the archive is handed over, while the platform still processes it", async () => {
    const [slow, ...others] = await Promise.all(
      Array.from({ length: THEME_INSTALL_CAP.perProcess + 1 }, shopWithSession),
    );
    serveHeldZip(Promise.resolve());
    const processing = gate();
    const platform = themesCreate(slow, async ({ body }) => {
      await processing.opened;
      return themeCreated(body.variables.name);
    });
    server.use(platform.handler);

    const slowInstall = install(slow);
    await vi.waitFor(() => expect(platform.requests).toHaveLength(1), WAIT);
    // As many archives as the process may hold, in flight at once, while the first install's theme is processing.
    const held = gate();
    const downloads = serveHeldZip(held.opened);
    const { all } = startInstalls(others);
    await vi.waitFor(() => expect(downloads).toHaveLength(others.length), WAIT);
    held.open();
    expect((await all).map((answer) => answer.status)).toEqual(others.map(() => 200));
    // The shop whose install is still running is refused.
    expect((await install(slow)).body.error).toBe(
      "A theme installation for this shop is already running; try again in 15 s",
    );
    processing.open();
    expect((await slowInstall).status).toBe(200);
  });

  it("frees the slots of an install that failed", async () => {
    const shop = await shopWithSession();
    serveHeldZip(Promise.resolve());
    for (let i = 0; i < THEME_INSTALL_CAP.perProcess + 1; i++) {
      expect((await install(shop, NOT_A_THEME)).body.code).toBe("invalid_theme_archive");
    }
    expect((await install(shop)).status).toBe(200);
  });
});
