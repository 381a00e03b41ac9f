import { expect } from "vitest";
import prisma from "~/db.server";
import { parseInput } from "~/lib/input.server";
import { runDeliveryPass } from "~/services/deliveries/worker.server";
import { orderRulesInput, saveOrderRules } from "~/services/orders/rules.server";
import { storeShopTimeZone } from "~/services/shops/time-zone.server";
import { createAutomatedShop, createDelivery, restOrder } from "../../helpers/factories";
import { mockPlatform, tagsAdded } from "../../mocks/platform";

/** A time on the shop's clock in Bogotá (UTC-5, no daylight saving) as an instant. */
export const bogota = (local: string) => new Date(`${local}-05:00`);
export const EVENING = bogota("2026-11-22T20:00:00");
export const NIGHT = bogota("2026-11-22T23:30:00");
export const MORNING = bogota("2026-11-23T08:00:00");
export const NOON = bogota("2026-11-23T12:00:00");

export function pass(now: Date) {
  return runDeliveryPass({
    workerId: "worker-a",
    now: () => now,
    random: () => 0.5,
    graphql: { sleep: async () => {} },
  });
}

/** A Bogotá shop sending from 08:00 to 21:00 that holds orders without a usable mobile. */
export async function holdingShop() {
  const shop = await createAutomatedShop();
  await storeShopTimeZone(shop, "America/Bogota", EVENING);
  await saveOrderRules(
    shop,
    parseInput(orderRulesInput, {
      noPhoneAction: "hold",
      sendingHoursOn: "on",
      sendingHoursFrom: "08:00",
      sendingHoursTo: "21:00",
    }),
  );
  mockPlatform(shop, {
    OrderTagsAdd: tagsAdded(),
    OrderCancelledAt: (variables) => ({ order: { id: variables.id, cancelledAt: null } }),
  });
  return shop;
}

/** An order whose buyer gave a Bogotá landline, held by the worker as the rule says (received at `at`). */
export async function heldOrder(shop: string, at: Date) {
  const delivery = await createDelivery(shop, {
    order: restOrder({
      phone: null,
      customer: { id: 7001, email: "ana@example.test", first_name: "Ana", last_name: "Gómez", phone: null },
      shipping_address: {
        first_name: "Ana",
        address1: "Calle 10",
        city: "Bogotá",
        country_code: "CO",
        phone: "601 234 5678",
      },
    }),
    createdAt: at,
    nextAttemptAt: at,
  });
  await pass(at);
  const held = await prisma.delivery.findUniqueOrThrow({ where: { id: delivery.id } });
  expect(held).toMatchObject({ status: "skipped", lastErrorCode: "held_no_mobile", replays: 0 });
  return delivery;
}

export const deliveryOf = (id: string) => prisma.delivery.findUniqueOrThrow({ where: { id } });
