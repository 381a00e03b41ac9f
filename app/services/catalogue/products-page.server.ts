import { failureData } from "../../lib/http.server";
import { getProductVariants } from "../platform/catalogue.server";
import { requirePlatformSession } from "../platform/offline-session.server";
import { stockSyncCardData } from "../stock/page.server";
import { listOutOfStockAssociations, productSyncStatuses } from "../stock/status.server";
import { associationRecord, getAssociation, listAssociations } from "./associations.server";

const LINKED_PRODUCTS_PAGE_SIZE = 25;

/**
 * The linked products page as its URL asks (`page`, `stock=out`, `mapping`): a page of links with their stock sync
 * status, the sync's card, and the link whose mapping is open.
 */
export async function linkedProductsPage(shop: string, params: URLSearchParams) {
  const asked = Number(params.get("page"));
  let page = Number.isInteger(asked) && asked >= 1 && asked <= 1_000_000 ? asked : 1;
  const outOfStock = params.get("stock") === "out";
  const listPage = (n: number) =>
    (outOfStock ? listOutOfStockAssociations : listAssociations)(shop, n, LINKED_PRODUCTS_PAGE_SIZE);
  let list = await listPage(page);
  // Past the last page (its last link was just removed): the last page there is.
  if (list.associations.length === 0 && list.total > 0 && page > 1) {
    page = Math.ceil(list.total / LINKED_PRODUCTS_PAGE_SIZE);
    list = await listPage(page);
  }
  const mappingId = params.get("mapping")?.trim().slice(0, 100);
  const [stock, sync, mapping] = await Promise.all([
    productSyncStatuses(
      shop,
      list.associations.map((association) => association.id),
    ),
    stockSyncCardData(shop),
    mappingId ? openMapping(shop, mappingId) : null,
  ]);
  return {
    ...list,
    page,
    pageSize: LINKED_PRODUCTS_PAGE_SIZE,
    outOfStock,
    stock,
    sync,
    mapping,
  };
}

/**
 * The link whose mapping is open (`?mapping=<id>`, the catalogue's "View link" comes this way) with its store
 * product's variants as they are now, so the dialog opens with its rows; an expected failure is the dialog's to show.
 */
async function openMapping(shop: string, id: string) {
  let association;
  try {
    association = associationRecord(await getAssociation(shop, id));
  } catch (error) {
    return { association: null, variants: null, failure: failureData(error) };
  }
  try {
    const { variants } = await getProductVariants(await requirePlatformSession(shop), association.platformProductId);
    return { association, variants, failure: null };
  } catch (error) {
    return { association, variants: null, failure: failureData(error) };
  }
}
