import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { outcomeKey } from "../../lib/outcomes";

/**
 * What a returned parcel costs the merchant in freight, per carrier. The marketplace does not send it: the merchant
 * writes it once per carrier, and the outcomes multiply it by the period's returns.
 */

export interface CarrierFreight {
  carrierKey: string;
  carrier: string;
  returned: number;
  /** The merchant's figure per return, in cents; null while not written. */
  amountCents: number | null;
  costCents: number;
}

/** The return freight of each carrier of the period (those with a name), and the total. */
export async function returnFreightOf(
  shop: string,
  carriers: { key: string; label: string; sums: { returned: number } }[],
): Promise<{ carriers: CarrierFreight[]; totalCostCents: number }> {
  const settings = await prisma.carrierReturnFreight.findMany({ where: { shop } });
  const amountOf = new Map(settings.map((row) => [row.carrierKey, Number(row.amountCents)]));
  const rows = carriers
    .filter((carrier) => carrier.key)
    .map((carrier) => {
      const amountCents = amountOf.get(carrier.key) ?? null;
      return {
        carrierKey: carrier.key,
        carrier: carrier.label,
        returned: carrier.sums.returned,
        amountCents,
        costCents: (amountCents ?? 0) * carrier.sums.returned,
      };
    });
  return { carriers: rows, totalCostCents: rows.reduce((sum, row) => sum + row.costCents, 0) };
}

/** An amount as a merchant types it ("18000", "18.000,50" is refused: one decimal point, at most two decimals). */
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

/** Keeps the merchant's return freight for one carrier; an empty amount forgets it. */
export async function saveReturnFreight(shop: string, input: { carrier: string; amount: string }) {
  const carrier = input.carrier.trim().slice(0, 120);
  const carrierKey = outcomeKey(carrier);
  if (!carrierKey) throw AppError.forField("carrier", "a carrier is required", { code: "carrier_required" });
  const amount = input.amount.trim();
  if (!amount) {
    await prisma.carrierReturnFreight.deleteMany({ where: { shop, carrierKey } });
    return null;
  }
  if (!AMOUNT.test(amount)) {
    throw AppError.forField("amount", "a positive amount with at most two decimals", { code: "amount_invalid" });
  }
  const amountCents = BigInt(Math.round(Number(amount) * 100));
  await prisma.carrierReturnFreight.upsert({
    where: { shop_carrierKey: { shop, carrierKey } },
    create: { shop, carrierKey, carrier, amountCents },
    update: { carrier, amountCents },
  });
  return { carrierKey, amountCents: Number(amountCents) };
}
