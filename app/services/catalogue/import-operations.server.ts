// The platform mutations a link may run (docs/api.md, "Platform GraphQL operations").

export const PRODUCT_UPDATE_MUTATION = `#graphql
  mutation ProductUpdate($product: ProductUpdateInput!) {
    productUpdate(product: $product) {
      product {
        id
        title
      }
      userErrors {
        field
        message
      }
    }
  }`;

export const PRODUCT_VARIANTS_BARCODES_MUTATION = `#graphql
  mutation ProductVariantsBarcodes($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
    productVariantsBulkUpdate(productId: $productId, variants: $variants) {
      productVariants {
        id
        barcode
      }
      userErrors {
        field
        message
      }
    }
  }`;

/** productUpdate with media: productCreateMedia's replacement (deprecated, docs/decisions/280). */
export const PRODUCT_ADD_MEDIA_MUTATION = `#graphql
  mutation ProductAddMedia($product: ProductUpdateInput!, $media: [CreateMediaInput!]!) {
    productUpdate(product: $product, media: $media) {
      product {
        id
      }
      userErrors {
        field
        message
      }
    }
  }`;

export interface UserError {
  field: string[] | null;
  message: string;
}
