import { describe, expect, it } from "vitest";
import { SANDBOX_REPO } from "../../sandbox/repo-host/server";
import { seriousAxeFindings } from "./harness/axe";
import { screenshot } from "./harness/browser";
import { browserDatabase, newShop } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { shown } from "./harness/shown";

const WORDS = {
  en: {
    owner: "Repository owner",
    branch: "Branch",
    token: "Access token",
    name: "Theme name",
    install: "Install theme",
    required: "Required",
    refused: "The repository host refused the token",
    installed: "Theme installed",
    result: (name: string) => `${name} was installed as an unpublished theme.`,
    open: "Open in Themes",
    empty: "No themes installed from the app yet.",
    privateRepo: "Private repository",
  },
  es: {
    owner: "Propietario del repositorio",
    branch: "Rama",
    token: "Token de acceso",
    name: "Nombre del tema",
    install: "Instalar tema",
    required: "Obligatorio",
    refused: "El servidor del repositorio rechazó el token",
    installed: "Tema instalado",
    result: (name: string) => `${name} se instaló como tema sin publicar.`,
    open: "Abrir en Temas",
    empty: "Aún no se han instalado temas desde la aplicación.",
    privateRepo: "Repositorio privado",
  },
};

describe("theme", () => {
  const admin = useAdmin();

  for (const [locale, width] of [
    ["en", 1400],
    ["es", 390],
  ] as const) {
    it(`installs a theme from a private repository and lists it in the history (${locale}, ${width} px)`, async () => {
      const w = WORDS[locale];
      const shop = await newShop(`theme-${locale}-${width}`);
      const page = await admin.open(shop, "/app/theme", locale, width);
      // The (empty) history is in the first paint.
      await shown(page.getByText(w.empty));

      // Inline validation names each missing field and sends nothing.
      await page.getByLabel(w.branch).fill("");
      await page.getByRole("button", { name: w.install }).click();
      await expect.poll(() => page.getByText(w.required, { exact: true }).count()).toBe(4);

      await page.getByLabel(w.owner).fill(SANDBOX_REPO.owner);
      await page.getByLabel(locale === "en" ? "Repository" : "Repositorio", { exact: true }).fill(SANDBOX_REPO.repo);
      await page.getByLabel(w.branch).fill(SANDBOX_REPO.branch);
      await page.getByLabel(w.token).fill("not-the-token");
      await page.getByRole("button", { name: w.install }).click();
      // The repository host's refusal, by its code, in the merchant's language; nothing installed.
      await expect.poll(() => page.getByText(w.refused, { exact: false }).isVisible()).toBe(true);
      expect(await browserDatabase().themeInstall.count({ where: { shop } })).toBe(0);

      await page.getByLabel(w.token).fill(SANDBOX_REPO.token);
      await page.getByLabel(w.name).fill("Tema COD 2.5");
      await page.getByRole("button", { name: w.install }).click();
      await expect.poll(() => page.getByTestId("toast").textContent(), { timeout: 30_000 }).toBe(w.installed);
      await expect
        .poll(() => browserDatabase().themeInstall.findMany({ where: { shop }, select: { name: true, source: true } }))
        .toEqual([{ name: "Tema COD 2.5", source: "repository" }]);
      const [stored] = await browserDatabase().themeInstall.findMany({ where: { shop } });
      await shown(page.getByText(w.result("Tema COD 2.5")));
      expect(await page.getByRole("link", { name: w.open }).first().getAttribute("href")).toBe(
        `shopify://admin/themes/${stored.themeId}`,
      );
      // The token is not kept in the page after the install.
      expect(await page.getByLabel(w.token).inputValue()).toBe("");
      // The action's revalidation brings the new history row (a stacked item at phone width).
      const historyRow = page.locator(width < 490 ? "li" : "tr").filter({ hasText: "Tema COD 2.5", visible: true });
      await expect.poll(() => historyRow.count()).toBe(1);
      expect(await historyRow.textContent()).toContain(w.privateRepo);
      if (width === 390) {
        // The history's link is reachable on a phone without scrolling sideways.
        const box = (await page.getByRole("link", { name: w.open }).last().boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      }
      expect(await seriousAxeFindings(page)).toEqual([]);
      await screenshot(page, `theme-${locale}-${width}`);
    });
  }

  it("checks a public URL before sending it, in Spanish", async () => {
    const shop = await newShop("theme-public");
    const page = await admin.open(shop, "/app/theme", "es", 1400);
    await page.getByText("URL pública de un archivo ZIP").click();
    // Not a web address at all (plain http is taken here: this server fetches loopback archives, as the sandbox does;
    // production's https-only rule is tests/lib/admin-helpers.test.ts and tests/routes/app-theme.test.ts).
    await page.getByLabel("URL del ZIP del tema").fill("ftp://temas.example/tema.zip");
    await page.getByRole("button", { name: "Instalar tema" }).click();
    await expect.poll(() => page.getByText("Ingresa una dirección que empiece por https://").isVisible()).toBe(true);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await screenshot(page, "theme-public-es");
  });
});
