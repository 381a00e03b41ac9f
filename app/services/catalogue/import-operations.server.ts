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

export const PRODUCT_CREATE_MEDIA_MUTATION = `#graphql
  mutation ProductCreateMedia($productId: ID!, $media: [CreateMediaInput!]!) {
    productCreateMedia(productId: $productId, media: $media) {
      media {
        alt
        mediaContentType
        status
      }
      mediaUserErrors {
        field
        message
      }
    }
  }`;

export interface UserError {
  field: string[] | null;
  message: string;
}
