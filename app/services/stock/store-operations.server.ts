/** The Admin API operations of the stock sync (docs/decisions/230), one named operation each. */

export const STOCK_LOCATIONS_QUERY = `#graphql
  query StockLocations {
    locations(first: 50) {
      nodes {
        id
        name
        isActive
      }
    }
  }`;

/**
 * Linked store products with their variants, price and available quantity at one location. Requested cost is
 * about 4 points per variant asked for: 100 variants per product, 2 products per call stays under the
 * platform's 1,000-point ceiling for one query.
 */
export const STOCK_PRODUCTS_QUERY = `#graphql
  query StockProducts($ids: [ID!]!, $locationId: ID!) {
    nodes(ids: $ids) {
      ... on Product {
        id
        variants(first: 100) {
          pageInfo {
            hasNextPage
          }
          nodes {
            id
            title
            price
            compareAtPrice
            inventoryItem {
              id
              tracked
              inventoryLevel(locationId: $locationId) {
                quantities(names: ["available"]) {
                  name
                  quantity
                }
              }
            }
          }
        }
      }
    }
  }`;

/** The key makes a retried write apply once (required from 2026-04, docs/decisions/280). */
export const STOCK_SET_AVAILABLE_MUTATION = `#graphql
  mutation StockSetAvailable($input: InventorySetQuantitiesInput!, $idempotencyKey: String!) {
    inventorySetQuantities(input: $input) @idempotent(key: $idempotencyKey) {
      userErrors {
        field
        message
        code
      }
    }
  }`;

export const STOCK_SET_PRICES_MUTATION = `#graphql
  mutation StockSetPrices($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkUpdate(productId: $productId, variants: $variants) {
      userErrors {
        field
        message
      }
    }
  }`;

export const PRODUCTS_PER_READ = 2;
export const QUANTITIES_PER_WRITE = 250;
/** What one read asks of the cost bucket (requested cost), and what one mutation does. */
export const READ_COST = 810;
export const WRITE_COST = 10;

export interface StoreVariantRead {
  id: string;
  title: string;
  price: string;
  compareAtPrice: string | null;
  inventoryItem: {
    id: string;
    tracked: boolean;
    inventoryLevel: { quantities: { name: string; quantity: number }[] } | null;
  };
}

export interface StockProductsData {
  nodes: ({ id: string; variants: { pageInfo: { hasNextPage: boolean }; nodes: StoreVariantRead[] } } | null)[];
}
