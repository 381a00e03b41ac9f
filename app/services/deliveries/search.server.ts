import { Prisma } from "@prisma/client";
import prisma from "../../db.server";
import { foldForSearch } from "../../lib/search-key";
import { summarizeDelivery } from "./queries.server";
import { reportStore } from "./report-store";
import type { AppActionFilter } from "../../lib/app-action";
import type { DeliveryStatus } from "./status.server";

export interface DeliverySearch {
  q?: string;
  status?: DeliveryStatus;
  /** What the app did to the order's shipping (read by app-action-filter.server.ts). */
  appAction?: AppActionFilter;
}

/**
 * What a typed search looks for (docs/decisions/202): the order's name as typed and with its `#`, and the parts the
 * folded search key must all contain: the words of a name or email (up to 8, accents and case folded), or a
 * phone's last seven digits (the part every format of it shares). A bare order number looks for the name alone.
 */
export function searchTerms(q: string): { orderNames: string[]; keyParts: string[] } {
  const orderNames = [...new Set([q, q.startsWith("#") ? q : `#${q}`])];
  const digits = q.replace(/\D/g, "");
  if (/^[\d\s()+.-]+$/.test(q) && digits.length >= 6) return { orderNames, keyParts: [digits.slice(-7)] };
  if (/^#?\d+$/.test(q)) return { orderNames, keyParts: [] };
  return { orderNames, keyParts: foldForSearch(q).split(" ").filter(Boolean).slice(0, 8) };
}

/** The same search as a Prisma filter, for readers that walk every match (the export). */
export function searchWhere(shop: string, search: DeliverySearch): Prisma.DeliveryWhereInput {
  const where: Prisma.DeliveryWhereInput = { shop, ...(search.status ? { status: search.status } : {}) };
  const q = search.q?.trim();
  if (!q) return where;
  const { orderNames, keyParts } = searchTerms(q);
  const or: Prisma.DeliveryWhereInput[] = orderNames.map((orderName) => ({ orderName }));
  if (keyParts.length) or.push({ AND: keyParts.map((part) => ({ searchKey: { contains: part } })) });
  return { ...where, OR: or };
}

/** One page of the shop's deliveries a typed search finds, newest first, and their number (report-store/search.ts). */
export async function searchPage(
  shop: string,
  q: string,
  status: DeliveryStatus | undefined,
  page: number,
  pageSize: number,
) {
  const { ids, total } = await reportStore().searchDeliveryIds(shop, searchTerms(q), status, { page, pageSize });
  const rows = ids.length ? await prisma.delivery.findMany({ where: { shop, id: { in: ids } } }) : [];
  const byId = new Map(rows.map((delivery) => [delivery.id, delivery]));
  const deliveries = ids.flatMap((id) => {
    const delivery = byId.get(id);
    return delivery ? [summarizeDelivery(delivery)] : [];
  });
  return { deliveries, total, page, pageSize };
}
