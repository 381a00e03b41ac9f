import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { seriousAxeFindings } from "./harness/axe";
import { browserDatabase, seedDeliveries } from "./harness/database";
import { useAdmin } from "./harness/fixture";
import { configuredShop } from "./harness/seed";
import { newShopFrom } from "./harness/shops";
import { shown } from "./harness/shown";

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const WORDS = {
  es: {
    preview: "Ver los últimos 30 días",
    orders: /^De 3 pedidos recibidos en los últimos 30 días/,
    noMobile: "1 sin celular utilizable (regla apagada: se envía igual)",
    blocked: "1 de un teléfono bloqueado",
    title: "Teléfonos bloqueados",
    suggestion: "+573005556666 · 2 rechazos",
    phone: "Teléfono",
    reason: "Motivo (solo lo ves tú)",
    add: "Bloquear teléfono",
    added: "Teléfono bloqueado",
  },
  en: {
    preview: "Preview on the last 30 days",
    orders: /^Of 3 orders received in the last 30 days/,
    noMobile: "1 without a usable mobile (rule off: sent anyway)",
    blocked: "1 from a blocked phone",
    title: "Blocked phones",
    suggestion: "+573005556666 · 2 refusals",
    phone: "Phone",
    reason: "Reason (only you see it)",
    add: "Block phone",
    added: "Phone blocked",
  },
} as const;

/** Three orders of the last days and one from 40 days ago; two refusals from one phone make a suggestion. */
async function seededShop(label: string) {
  const seeded = await newShopFrom(label, configuredShop());
  const db = browserDatabase();
  const order = (n: number, phone: string, daysAgo: number) => ({
    id: `dl_${label}_${n}`,
    eventId: `event:${label}:${n}`,
    topic: "orders/create",
    orderName: `#${1000 + n}`,
    orderId: `gid://shopify/Order/${7_770_000 + n}`,
    resourceId: `${seeded.shop}-${n}`,
    status: "delivered",
    buyer: JSON.stringify({ name: "Ana", phone, countryCode: "CO", products: [{ title: "Lámpara", quantity: 1 }] }),
    createdAt: new Date(Date.now() - daysAgo * 86_400_000),
  });
  await seedDeliveries(seeded.shop, [
    order(1, "601 234 5678", 2),
    order(2, "300 999 8877", 3),
    order(3, "300 555 6666", 4),
    order(4, "300 555 6666", 40),
  ]);
  await db.shopTimeZone.upsert({
    where: { shop: seeded.shop },
    create: { shop: seeded.shop, timeZone: "America/Bogota", fetchedAt: new Date() },
    update: { timeZone: "America/Bogota", fetchedAt: new Date() },
  });
  await db.blockedPhone.create({
    data: { shop: seeded.shop, phone: "+573009998877", reason: "rechaza en puerta", createdAt: new Date() },
  });
  for (const n of [3, 4]) {
    await db.orderAnswer.create({
      data: {
        shop: seeded.shop,
        orderId: `gid://shopify/Order/${7_770_000 + n}`,
        answer: "refused",
        answeredAt: new Date(),
      },
    });
  }
  return seeded;
}

describe("order rules: the preview on the last 30 days and the blocked phones", () => {
  const admin = useAdmin();

  for (const locale of ["es", "en"] as const) {
    for (const width of [1400, 390]) {
      it(`counts the draft on the last 30 days and blocks a suggested phone (${locale}, ${width} px)`, async () => {
        const words = WORDS[locale];
        const seeded = await seededShop(`risk-rules-${locale}-${width}`);
        const page = await admin.open(seeded.shop, "/app/settings", locale, width);
        await shown(page.getByRole("button", { name: words.preview }));
        await page.getByRole("button", { name: words.preview }).click();
        await shown(page.getByText(words.orders));
        await shown(page.getByText(words.noMobile, { exact: true }));
        await shown(page.getByText(words.blocked, { exact: true }));
        await shown(page.getByText(words.title, { exact: true }));
        await shown(page.getByText(words.suggestion, { exact: true }));
        await page.getByLabel(words.phone, { exact: true }).fill("300 111 2222");
        await page.getByLabel(words.reason).fill("3 devoluciones");
        await page.getByRole("button", { name: words.add, exact: true }).click();
        await shown(page.getByText(words.added).first());
        await shown(page.getByText("+573001112222", { exact: true }));
        expect(
          await browserDatabase().blockedPhone.findUnique({
            where: { shop_phone: { shop: seeded.shop, phone: "+573001112222" } },
          }),
        ).toMatchObject({ reason: "3 devoluciones" });
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(await seriousAxeFindings(page)).toEqual([]);
        await page
          .locator(".Polaris-Layout__AnnotatedSection")
          .filter({ has: page.locator("#order-rules") })
          .screenshot({ path: path.resolve(`docs/screenshots/risk-rules-${locale}-${width}.png`) });
      });
    }
  }
});
