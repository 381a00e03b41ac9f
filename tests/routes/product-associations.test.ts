import { describe, expect, it } from "vitest";
import prisma from "~/db.server";
import { action as deleteAssociation } from "~/routes/api.products.association.delete";
import { loader as listAssociations } from "~/routes/api.products.associations";
import { createAssociation, createSession, shopDomain } from "../helpers/factories";
import { adminRequest, formBody } from "../helpers/requests";

async function installedShop() {
  const shop = shopDomain();
  await createSession(shop);
  return shop;
}

const list = async (shop: string, query = "") =>
  listAssociations({
    request: await adminRequest(`/api/products/associations${query}`, shop),
    params: {},
    context: {},
  });

const remove = async (shop: string, associationId: string) =>
  deleteAssociation({
    request: await adminRequest("/api/products/association/delete", shop, formBody({ associationId })),
    params: {},
    context: {},
  });

describe("GET /api/products/associations", () => {
  it("pages the shop's associations newest first", async () => {
    const shop = await installedShop();
    const created = [];
    for (let i = 0; i < 3; i++) {
      const row = await createAssociation(shop);
      created.push(
        await prisma.productAssociation.update({
          where: { id: row.id },
          data: { createdAt: new Date(Date.UTC(2026, 10, 20 + i)) },
        }),
      );
    }
    await createAssociation(await installedShop());

    const first = await (await list(shop, "?pageSize=2")).json();
    expect(first).toMatchObject({ success: true, total: 3, page: 1, pageSize: 2 });
    expect(first.associations.map((a: { id: string }) => a.id)).toEqual([created[2].id, created[1].id]);
    const second = await (await list(shop, "?pageSize=2&page=2")).json();
    expect(second.associations.map((a: { id: string }) => a.id)).toEqual([created[0].id]);
    expect(second.associations[0]).toMatchObject({
      shop,
      importType: "link",
      variantAssociations: [],
      lastSyncedAt: expect.stringMatching(/Z$/),
    });
  });

  it("defaults to page 1 of 25 and refuses a pageSize above 100", async () => {
    const shop = await installedShop();
    expect(await (await list(shop)).json()).toEqual({
      success: true,
      associations: [],
      total: 0,
      page: 1,
      pageSize: 25,
    });
    const response = await list(shop, "?pageSize=500");
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("pageSize: must be at most 100");
  });
  it.each(["99999999999999999999", "3000000000"])(
    "answers 400 naming page for the out-of-range page %s",
    async (page) => {
      const shop = await installedShop();
      const response = await list(shop, `?page=${page}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ success: false, error: "page: must be at most 1000000" });
    },
  );
});

describe("POST /api/products/association/delete", () => {
  it("deletes only the record of the shop", async () => {
    const shop = await installedShop();
    const [kept, removed] = [await createAssociation(shop), await createAssociation(shop)];
    const response = await remove(shop, removed.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: "Association deleted; the platform product was not changed",
      associationId: removed.id,
    });
    expect((await prisma.productAssociation.findMany({ where: { shop } })).map((a) => a.id)).toEqual([kept.id]);
  });

  it("answers 404 for another shop's association and deletes nothing", async () => {
    const [shop, other] = [await installedShop(), await installedShop()];
    const theirs = await createAssociation(other);
    const response = await remove(shop, theirs.id);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ success: false, error: "Association not found" });
    expect(await prisma.productAssociation.count({ where: { id: theirs.id } })).toBe(1);
  });

  it("answers 404 for an unknown id", async () => {
    const shop = await installedShop();
    expect((await remove(shop, "does-not-exist")).status).toBe(404);
  });

  it("answers 400 naming associationId when it is missing", async () => {
    const shop = await installedShop();
    const response = await remove(shop, "");
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe("associationId: is required");
  });
});
