import { describe, expect, it } from "vitest";
import { screenshot } from "./harness/browser";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";

describe("theme", () => {
  const admin = useAdmin();

  it("installs a theme from a private repository and links to it in the admin", async () => {
    const api = configuredShop(admin.shop);
    const page = await admin.open(api, "/app/theme", "en");
    await page.getByLabel("Repository owner").waitFor();
    await expect.poll(() => page.getByText("No themes installed from the app yet.").isVisible()).toBe(true);

    // Inline validation names each missing field and sends nothing.
    await page.getByLabel("Branch").fill("");
    await page.getByRole("button", { name: "Install theme" }).click();
    await expect.poll(() => page.getByText("Required").count()).toBe(4);
    expect(api.callsTo("POST", "/api/theme/install")).toHaveLength(0);

    await page.getByLabel("Repository owner").fill("tienda-andina");
    await page.getByLabel("Repository", { exact: true }).fill("tema-cod");
    await page.getByLabel("Branch").fill("release/2.5");
    await page.getByLabel("Access token").fill("not-the-token");
    await page.getByRole("button", { name: "Install theme" }).click();
    await expect
      .poll(() => page.getByText("The repository host refused the token", { exact: false }).isVisible())
      .toBe(true);

    await page.getByLabel("Access token").fill(api.validRepositoryToken);
    await page.getByLabel("Theme name").fill("Tema COD 2.5");
    await page.getByRole("button", { name: "Install theme" }).click();
    await expect.poll(() => page.getByTestId("toast").textContent()).toBe("Theme installed");
    const form = Object.fromEntries(api.callsTo("POST", "/api/theme/install").at(-1)!.form);
    expect(form).toEqual({
      themeUrl: `repo-api://tienda-andina/tema-cod/release/2.5?token=${api.validRepositoryToken}`,
      themeName: "Tema COD 2.5",
    });
    expect(await page.getByText("Tema COD 2.5 was installed as an unpublished theme.").isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Open in Themes" }).first().getAttribute("href")).toBe(
      "shopify://admin/themes/150001",
    );
    // The token is not kept in the page after the install.
    expect(await page.getByLabel("Access token").inputValue()).toBe("");
    await expect.poll(() => page.getByRole("table").getByText("Tema COD 2.5").isVisible()).toBe(true);
    expect(await page.getByRole("table").getByText("Private repository").isVisible()).toBe(true);
    await screenshot(page, "theme-en");
  });

  it("checks a public URL before sending it, in Spanish", async () => {
    const api = configuredShop(admin.shop);
    const page = await admin.open(api, "/app/theme", "es");
    await page.getByText("URL pública de un archivo ZIP").click();
    await page.getByLabel("URL del ZIP del tema").fill("http://temas.example/tema.zip");
    await page.getByRole("button", { name: "Instalar tema" }).click();
    await expect.poll(() => page.getByText("Ingresa una dirección que empiece por https://").isVisible()).toBe(true);
    expect(api.callsTo("POST", "/api/theme/install")).toHaveLength(0);
    await screenshot(page, "theme-es");
  });
});
