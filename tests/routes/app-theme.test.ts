import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action, loader } from "~/routes/app.theme/route";
import { fakeDns, realDns } from "../helpers/dns";
import { createSession, createThemeInstall, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";
import { themeZip } from "../helpers/theme-zip";
import { themesCreate } from "../mocks/platform";
import { server } from "../mocks/server";

const args = { params: {}, context: {} };
const PUBLIC_ZIP = "https://themes.example/releases/automation-theme.zip";

let shop: string;

beforeEach(async () => {
  shop = shopDomain();
  await createSession(shop);
  fakeDns({ "themes.example": "93.184.215.14" });
});

afterEach(() => realDns());

const post = async (fields: Record<string, string>) =>
  action({ request: await adminRequest("/app/theme", shop, formBody(fields)), ...args });

describe("theme page", () => {
  it("loads the shop's install history, newest first", async () => {
    await createThemeInstall(shop, { createdAt: new Date("2026-11-01T10:00:00Z") });
    const newest = await createThemeInstall(shop, { createdAt: new Date("2026-11-20T10:00:00Z") });
    await createThemeInstall(shopDomain());
    const { installs, allowHttp } = await loader({ request: await adminRequest("/app/theme", shop), ...args });
    expect(installs).toHaveLength(2);
    // Plain http only where the server itself fetches loopback archives (the sandbox), never here.
    expect(allowHttp).toBe(false);
    expect(installs[0]).toMatchObject({ themeId: Number(newest.themeId), source: "public" });
  });

  it("installs a theme through the install service and records it for the history", async () => {
    const zip = themeZip();
    server.use(
      http.get(
        PUBLIC_ZIP,
        () => new HttpResponse(new Uint8Array(zip), { headers: { "Content-Type": "application/zip" } }),
      ),
    );
    const platform = themesCreate(shop);
    server.use(platform.handler);
    const response = await post({ intent: "install", themeUrl: PUBLIC_ZIP, themeName: "Tienda Otoño" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      success: true,
      theme: { name: "Tienda Otoño", role: "unpublished" },
    });
    expect(platform.requests).toHaveLength(1);
    expect(await prisma.themeInstall.count({ where: { shop } })).toBe(1);
  });

  it("refuses a plain-http archive URL on its field, installing nothing", async () => {
    const response = await post({ intent: "install", themeUrl: "http://themes.example/theme.zip" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: "invalid_input", field: "themeUrl" });
    expect(await prisma.themeInstall.count({ where: { shop } })).toBe(0);
  });
});
