import { AppError } from "../../lib/http.server";
import { platformGraphql, type PlatformSession } from "./graphql.server";

export const PRODUCTS_LIMIT = 250;
export const VARIANTS_LIMIT = 250;
// A single query may cost at most 1000 points: 250 products with their variants cannot be one request.
// Pages of 50 products with a 10-variant preview cost about 700 (docs/decisions/023).
export const PRODUCTS_PAGE_SIZE = 50;
export const PRODUCT_VARIANTS_PREVIEW = 10;

export const PRODUCTS_QUERY = `#graphql
  query Products($first: Int!, $after: String, $variantsFirst: Int!) {
    products(first: $first, after: $after, sortKey: UPDATED_AT, reverse: true) {
      nodes {
        id
        title
        handle
        status
        featuredMedia {
          preview {
            image {
              url
              altText
            }
          }
        }
        variants(first: $variantsFirst) {
          nodes {
            id
            title
            price
          }
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }`;

export const PRODUCT_VARIANTS_QUERY = `#graphql
  query ProductVariants($id: ID!, $first: Int!) {
    product(id: $id) {
      id
      title
      variants(first: $first) {
        nodes {
          id
          title
          price
          sku
          barcode
          inventoryQuantity
          availableForSale
          selectedOptions {
            name
            value
          }
        }
      }
    }
  }`;

export interface PlatformProduct {
  id: string;
  title: string;
  handle: string;
  status: string;
  featuredImage: { url: string; altText: string | null } | null;
  variants: { id: string; title: string; price: string }[];
}

export interface PlatformVariant {
  id: string;
  title: string;
  price: string;
  sku: string | null;
  barcode: string | null;
  inventoryQuantity: number | null;
  availableForSale: boolean;
  selectedOptions: { name: string; value: string }[];
}

interface ProductsData {
  products: {
    nodes: (Omit<PlatformProduct, "variants" | "featuredImage"> & {
      featuredMedia: { preview: { image: { url: string; altText: string | null } | null } | null } | null;
      variants: { nodes: PlatformProduct["variants"] };
    })[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

/** Up to 250 products, most recently updated first, each with a preview of its variants. */
export async function listPlatformProducts(session: PlatformSession): Promise<PlatformProduct[]> {
  const products: PlatformProduct[] = [];
  let after: string | null = null;
  while (products.length < PRODUCTS_LIMIT) {
    const data: ProductsData = await platformGraphql(session, PRODUCTS_QUERY, {
      first: Math.min(PRODUCTS_PAGE_SIZE, PRODUCTS_LIMIT - products.length),
      after,
      variantsFirst: PRODUCT_VARIANTS_PREVIEW,
    });
    for (const node of data.products.nodes) {
      const image = node.featuredMedia?.preview?.image ?? null;
      products.push({
        id: node.id,
        title: node.title,
        handle: node.handle,
        status: node.status,
        // Product.featuredImage is deprecated: the featured media's preview image is the same picture.
        featuredImage: image ? { url: image.url, altText: image.altText } : null,
        variants: node.variants.nodes.map((variant) => ({
          id: variant.id,
          title: variant.title,
          price: variant.price,
        })),
      });
    }
    const { hasNextPage, endCursor } = data.products.pageInfo;
    if (!hasNextPage || !endCursor) break;
    after = endCursor;
  }
  return products.slice(0, PRODUCTS_LIMIT);
}

/** One product and up to 250 of its variants; a 404 when the shop has no such product. */
export async function getProductVariants(session: PlatformSession, productGid: string) {
  const data = await platformGraphql(session, PRODUCT_VARIANTS_QUERY, {
    id: productGid,
    first: VARIANTS_LIMIT,
  });
  if (!data.product) throw new AppError(404, "Product not found in this shop", "not_found");
  return {
    product: { id: data.product.id, title: data.product.title },
    variants: data.product.variants.nodes.slice(0, VARIANTS_LIMIT).map((variant): PlatformVariant => ({
      id: variant.id,
      title: variant.title,
      price: variant.price,
      sku: variant.sku ?? null,
      barcode: variant.barcode ?? null,
      inventoryQuantity: variant.inventoryQuantity ?? null,
      availableForSale: variant.availableForSale,
      selectedOptions: variant.selectedOptions.map((option) => ({ name: option.name, value: option.value })),
    })),
  };
}
