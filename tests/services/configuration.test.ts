import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { lookupHash } from "~/lib/crypto.server";
import {
  findSettingsByApiKey,
  getShopSettings,
  publicSettings,
  saveShopSettings,
} from "~/services/shops/configuration.server";
import { shopDomain } from "../helpers/factories";

describe("shop configuration", () => {
  it("never stores the API key or supplier token in plaintext", async () => {
    const shop = shopDomain();
    await saveShopSettings(shop, { automationApiKey: "automation-key-9876", supplierToken: "supplier-token-5432" });
    const rows = await prisma.$queryRaw<
      Record<string, unknown>[]
    >`SELECT * FROM "ShopConfiguration" WHERE shop = ${shop}`;
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain("automation-key-9876");
    expect(stored).not.toContain("supplier-token-5432");
    expect(rows[0].automationApiKeyHash).toBe(lookupHash("automation-key-9876"));
    const settings = await getShopSettings(shop);
    expect(settings?.automationApiKey).toBe("automation-key-9876");
    expect(settings?.supplierToken).toBe("supplier-token-5432");
  });

  it("finds the configuration that owns an API key by its hash", async () => {
    const [a, b] = [shopDomain(), shopDomain()];
    await saveShopSettings(a, { automationApiKey: "key-of-a" });
    await saveShopSettings(b, { automationApiKey: "key-of-b" });
    expect((await findSettingsByApiKey("key-of-b"))?.shop).toBe(b);
    expect((await findSettingsByApiKey("key-of-a"))?.shop).toBe(a);
    expect(await findSettingsByApiKey("key-of-c")).toBeNull();
  });

  it("refuses a second shop with the same API key", async () => {
    await saveShopSettings(shopDomain(), { automationApiKey: "shared" });
    await expect(saveShopSettings(shopDomain(), { automationApiKey: "shared" })).rejects.toThrow();
  });

  it("leaves undefined fields alone and clears null ones", async () => {
    const shop = shopDomain();
    await saveShopSettings(shop, { automationApiKey: "k1", newOrderFlowId: "f1", supplierToken: "t1" });
    const updated = await saveShopSettings(shop, { newOrderFlowId: "f2", supplierToken: null });
    expect(updated).toMatchObject({ automationApiKey: "k1", newOrderFlowId: "f2", supplierToken: null });
    expect(await findSettingsByApiKey("k1")).not.toBeNull();
  });

  it("masks secrets in its public form", async () => {
    const settings = await saveShopSettings(shopDomain(), {
      automationApiKey: "abcdef-ghij-7890",
      supplierToken: "tok-abcdefgh-4321",
    });
    const shown = publicSettings(settings);
    expect(shown.automationApiKey).toBe("••••7890");
    expect(shown.supplierToken).toBe("••••4321");
    expect(JSON.stringify(shown)).not.toMatch(/abcdef|tok-/);
  });
});
