import type { CatalogueProduct } from "./server";

/**
 * How the supplier's stock and prices move: on command (/sim/stock, /sim/market/tick) and, when the simulator is
 * started with `marketEveryMs`, on a timer. The product's own stock (`warehouse_product`) stays the sum of its
 * variations', as the marketplace reports it.
 */

export interface StockCommand {
  productId: number | string;
  /** A variation of the product; absent for a SIMPLE product (its stock is the warehouse's). */
  variationId?: number | string;
  stock?: number;
  /**
   * Any JSON value, answered as this variation's (or SIMPLE product's) stock exactly as given: -5, 2.5, "muchos",
   * null, 1e15. A marketplace that answers what the app cannot use, to show what the app does with it.
   */
  answerStock?: unknown;
  /** The supplier's sale price, a decimal string or number. */
  price?: string | number;
}

export class MarketCommandError extends Error {}

const decimal = (value: string | number) => {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new MarketCommandError(`price ${String(value)} is not a price`);
  return number.toFixed(2);
};

function recount(product: CatalogueProduct) {
  if (!product.variations.length) return;
  const total = product.variations.reduce((sum, variation) => sum + variation.stock, 0);
  product.warehouse_product = product.warehouse_product.length
    ? product.warehouse_product.map((warehouse, index) => ({ ...warehouse, stock: index === 0 ? total : 0 }))
    : [{ warehouse_id: 5212, stock: total }];
}

/** Sets one product's (or one variation's) stock and/or price; returns the product as it is now. */
export function applyStockCommand(catalogue: CatalogueProduct[], command: StockCommand): CatalogueProduct {
  const product = catalogue.find((candidate) => String(candidate.id) === String(command.productId));
  if (!product) throw new MarketCommandError(`product ${String(command.productId)} is not in the catalogue`);
  if (command.stock !== undefined && (!Number.isInteger(command.stock) || command.stock < 0)) {
    throw new MarketCommandError(`stock ${String(command.stock)} is not a whole number of units`);
  }
  if (command.variationId !== undefined) {
    const variation = product.variations.find((candidate) => String(candidate.id) === String(command.variationId));
    if (!variation) throw new MarketCommandError(`variation ${String(command.variationId)} is not in the product`);
    if (command.stock !== undefined) variation.stock = command.stock;
    if (command.price !== undefined) variation.sale_price = decimal(command.price);
    if ("answerStock" in command) {
      // Served as given, and the product's own total left as it was: nothing here is a count to add up.
      variation.stock = command.answerStock as number;
      return product;
    }
    recount(product);
    return product;
  }
  if (product.variations.length && command.stock !== undefined) {
    // A VARIABLE product's stock is its variations': the command sets every one of them.
    for (const variation of product.variations) variation.stock = command.stock;
    recount(product);
  } else if (command.stock !== undefined || (!product.variations.length && "answerStock" in command)) {
    const stock = "answerStock" in command ? (command.answerStock as number) : command.stock!;
    product.warehouse_product = [{ warehouse_id: product.warehouse_product[0]?.warehouse_id ?? 5212, stock }];
  }
  if (command.price !== undefined) {
    if (product.variations.length)
      for (const variation of product.variations) variation.sale_price = decimal(command.price);
    else product.sale_price = decimal(command.price);
  }
  return product;
}

/**
 * One step of the market: a few products sell out, a few come back, a few change price (by whole hundreds).
 * Deterministic for a given step number, so a run can be replayed.
 */
export function marketStep(catalogue: CatalogueProduct[], step: number) {
  let state = (step * 2_654_435_761) % 2 ** 31 || 1;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const changed = new Set<number>();
  const touches = Math.max(1, Math.round(catalogue.length * 0.02));
  for (let n = 0; n < touches && catalogue.length; n++) {
    const product = catalogue[Math.floor(random() * catalogue.length)];
    const roll = random();
    const units = roll < 0.35 ? 0 : Math.floor(random() * 150);
    if (product.variations.length) {
      const variation = product.variations[Math.floor(random() * product.variations.length)];
      variation.stock = units;
      if (roll > 0.8) {
        variation.sale_price = Math.max(
          1000,
          Number(variation.sale_price) + 100 * Math.round(random() * 40 - 20),
        ).toFixed(2);
      }
      recount(product);
    } else {
      product.warehouse_product = [{ warehouse_id: 5212, stock: units }];
      if (roll > 0.8 && product.sale_price) {
        product.sale_price = Math.max(1000, Number(product.sale_price) + 100 * Math.round(random() * 40 - 20)).toFixed(
          2,
        );
      }
    }
    changed.add(product.id);
  }
  return [...changed];
}
