import { randomBytes } from "node:crypto";
import { z } from "zod";
import prisma from "../../db.server";
import { env } from "../../env.server";
import { lookupHash, lookupHashes } from "../../lib/crypto.server";
import { formBoolean } from "../../lib/input.server";
import { missingScopesFor } from "../platform/granted-scopes.server";
import { STAGES, shopStatusMap, type ShopStatusMap } from "./stages";

/** Where the marketplace pushes a shop's statuses: this path, then the shop's token (docs/decisions/321). */
export const RECEIVER_PATH = "/webhooks/supplier/status/";

/** The URL the merchant pastes in the marketplace panel. */
export const receiverUrl = (token: string) => `${env().PLATFORM_APP_URL}${RECEIVER_PATH}${token}`;

/** 32 random bytes: unguessable, and short enough for the marketplace panel's URL field. */
function newReceiverToken() {
  return randomBytes(32).toString("base64url");
}

export interface ReceiverView {
  /** Whether the shop has a receiver URL; what the merchant sees of it when it was not just made. */
  configured: boolean;
  masked: string | null;
  createdAt: string | null;
}

export async function receiverView(shop: string): Promise<ReceiverView> {
  const row = await prisma.supplierJourneySettings.findUnique({ where: { shop } });
  return {
    configured: Boolean(row?.receiverTokenHash),
    masked: row?.receiverTokenHint ? receiverUrl(`••••${row.receiverTokenHint}`) : null,
    createdAt: row?.receiverCreatedAt?.toISOString() ?? null,
  };
}

/**
 * Makes the shop's receiver token, replacing any earlier one (which stops working at once), and gives it back this
 * one time: only its keyed hash is kept, so the URL is shown when it is made and never again.
 */
export async function rotateReceiverToken(shop: string, now = new Date()): Promise<string> {
  const token = newReceiverToken();
  const data = {
    receiverTokenHash: lookupHash(token),
    receiverTokenHint: token.slice(-4),
    receiverCreatedAt: now,
  };
  await prisma.supplierJourneySettings.upsert({ where: { shop }, create: { shop, ...data }, update: data });
  return token;
}

/** The shop whose receiver token this is, or null: one indexed read per known encryption key. */
export async function shopByReceiverToken(token: string): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const row = await prisma.supplierJourneySettings.findFirst({
    where: { receiverTokenHash: { in: lookupHashes(token) } },
    select: { shop: true },
  });
  return row?.shop ?? null;
}

/** A shop's own statuses: raw status (any spelling) to one of the stages. */
export const statusMapInput = z
  .record(z.string().trim().min(1).max(80), z.enum(STAGES))
  .refine((map) => Object.keys(map).length <= 100, "at most 100 statuses");

export async function saveStatusMap(shop: string, map: z.infer<typeof statusMapInput>) {
  const statusMap = JSON.stringify(map);
  await prisma.supplierJourneySettings.upsert({ where: { shop }, create: { shop, statusMap }, update: { statusMap } });
}

/** The shop's map as it was saved, for the settings card. */
export async function savedStatusMap(shop: string): Promise<Record<string, string>> {
  const row = await prisma.supplierJourneySettings.findUnique({ where: { shop }, select: { statusMap: true } });
  const parsed = statusMapInput.safeParse(safeJson(row?.statusMap));
  return parsed.success ? parsed.data : {};
}

function safeJson(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? "{}");
  } catch {
    // A hand-edited row that is not JSON reads as no map: the table still applies.
    return {};
  }
}

/** The shop's map, read before the built-in table (app/services/journey/stages.ts). */
export async function statusMapOf(shop: string): Promise<ShopStatusMap> {
  const row = await prisma.supplierJourneySettings.findUnique({ where: { shop }, select: { statusMap: true } });
  const stored = safeJson(row?.statusMap);
  return shopStatusMap(stored && typeof stored === "object" ? (stored as Record<string, unknown>) : {});
}

export interface FollowSettings {
  /** The platform's shipping email to the buyer when the parcel ships: off unless the merchant turns it on. */
  notifyBuyerOnShipment: boolean;
  /** A delivered order with a balance is marked paid (the carrier collected the cash): on unless turned off. */
  markPaidOnDelivery: boolean;
}

/** How the store follows the shop's parcels (docs/decisions/297); the defaults when the shop saved none. */
export async function followSettingsOf(shop: string): Promise<FollowSettings> {
  const row = await prisma.supplierJourneySettings.findUnique({
    where: { shop },
    select: { notifyBuyerOnShipment: true, markPaidOnDelivery: true },
  });
  return {
    notifyBuyerOnShipment: row?.notifyBuyerOnShipment ?? false,
    markPaidOnDelivery: row?.markPaidOnDelivery ?? true,
  };
}

export async function saveFollowSettings(shop: string, change: Partial<FollowSettings>) {
  await prisma.supplierJourneySettings.upsert({ where: { shop }, create: { shop, ...change }, update: change });
}

/**
 * The optional scopes the store needs to follow the parcel (shopify.app.toml `optional_scopes`): fulfilling with
 * tracking on the merchant's own locations, and on a fulfilment service's when the supplier fulfils.
 */
export const FOLLOW_SCOPES = ["write_merchant_managed_fulfillment_orders", "write_third_party_fulfillment_orders"];

export interface FollowInStoreView {
  enabled: boolean;
  /** The scopes of FOLLOW_SCOPES not granted: the journey is still recorded and shown without them. */
  missingScopes: string[];
}

/** Whether the store follows each stage (off until the merchant turns it on, docs/decisions/308). */
export async function followInStoreView(shop: string): Promise<FollowInStoreView> {
  const [row, missing] = await Promise.all([
    prisma.supplierJourneySettings.findUnique({ where: { shop }, select: { followInStore: true } }),
    missingScopesFor(shop, FOLLOW_SCOPES),
  ]);
  return { enabled: row?.followInStore ?? false, missingScopes: missing };
}

export const followInStoreInput = z.object({ followInStore: formBoolean(false) });

export async function saveFollowInStore(shop: string, followInStore: boolean): Promise<FollowInStoreView> {
  await prisma.supplierJourneySettings.upsert({
    where: { shop },
    create: { shop, followInStore },
    update: { followInStore },
  });
  return followInStoreView(shop);
}
