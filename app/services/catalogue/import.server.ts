import { Prisma } from "@prisma/client";
import sanitizeHtml from "sanitize-html";
import prisma from "../../db.server";
import { AppError } from "../../lib/http.server";
import { logger } from "../../logger.server";
import { getProductVariants } from "../platform/catalogue.server";
import { PlatformApiError } from "../platform/errors.server";
import { platformGraphql, type PlatformSession } from "../platform/graphql.server";
import { syncAfterLinkSaved } from "../stock/schedule.server";
import type { SupplierProduct, SupplierVariation } from "../supplier/product-shapes.server";
import { associationRecord, findAssociation, variationSnapshot, type AssociationRecord } from "./associations.server";
import {
  PRODUCT_ADD_MEDIA_MUTATION,
  PRODUCT_UPDATE_MUTATION,
  PRODUCT_VARIANTS_BARCODES_MUTATION,
  type UserError,
} from "./import-operations.server";
import { resolveVariantLinks } from "./variant-links.server";

export const MAX_IMAGES = 5;

export interface ImportOptions {
  saveSupplierName: boolean;
  saveSupplierDescription: boolean;
  useSuggestedBarcode: boolean;
  saveSupplierImages: boolean;
}

export interface ImportRequest extends ImportOptions {
  supplierProductId: string;
  supplierProduct: SupplierProduct;
  /** The platform's real product gid. */
  platformProductId: string;
  /** Overrides the product's own variations when the admin sends them (docs/decisions/021). */
  supplierVariations?: SupplierVariation[];
  variantAssociations: { supplierVariationId: string; platformVariantId: string; barcode?: string }[];
}

type Step = "productUpdate" | "barcodes" | "images";

const STEP_LABELS: Record<Step, string> = {
  productUpdate: "Updating the product's title and description",
  barcodes: "Setting the variants' barcodes",
  images: "Adding the supplier images",
};

/** What the merchant's HTML may keep: text structure and safe links, nothing that runs or loads. */
const DESCRIPTION_HTML: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "b",
    "strong",
    "i",
    "em",
    "u",
    "s",
    "ul",
    "ol",
    "li",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "blockquote",
    "span",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  // `rel` is always the one transformTags writes (it overrides whatever the supplier sent).
  allowedAttributes: { a: ["href", "title", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  transformTags: { a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer" }) },
};

/** The supplier's description as safe HTML; plain text keeps its line breaks. */
export function sanitizeDescription(description: string): string {
  const looksLikeHtml = /<[a-z][\s\S]*>/i.test(description);
  const html = looksLikeHtml
    ? description
    : description
        .split(/\n{2,}/)
        .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, "<br />")}</p>`)
        .join("");
  return sanitizeHtml(html, DESCRIPTION_HTML).trim();
}

function escapeHtml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/**
 * Links a supplier product to an existing platform product and applies the chosen copies.
 * Everything that can be checked is checked before the platform is touched; then the changes run in
 * a fixed order (title and description, barcodes, images), and the association is stored only when
 * all of them succeeded. A failing step stops the import and names itself and the steps already
 * applied, which the platform keeps (docs/decisions/022).
 */
export async function importSupplierProduct(
  shop: string,
  session: PlatformSession,
  request: ImportRequest,
): Promise<{ association: AssociationRecord; message: string }> {
  const log = logger.child({ shop, supplierProductId: request.supplierProductId });
  const supplier = request.supplierProduct;
  if (supplier.id !== request.supplierProductId) {
    throw AppError.forField("supplierProductData", "its id does not match supplierProductId", {
      code: "invalid_input",
    });
  }
  await refuseDuplicate(shop, request.supplierProductId);

  const platform = await getProductVariants(session, request.platformProductId);
  const variations = request.supplierVariations?.length ? request.supplierVariations : supplier.variations;
  const links = resolveVariantLinks(
    request.variantAssociations,
    platform.variants.map((variant) => variant.id),
    variations,
    request.useSuggestedBarcode,
  );
  const description = request.saveSupplierDescription ? sanitizeDescription(supplier.description) : undefined;
  if (request.saveSupplierDescription && !description) {
    throw AppError.forField(["supplierProductData", "description"], "the supplier product has no description to copy");
  }
  if (request.saveSupplierName && !supplier.name.trim()) {
    throw AppError.forField(["supplierProductData", "name"], "the supplier product has no name to copy");
  }
  const images = request.saveSupplierImages ? supplier.gallery.slice(0, MAX_IMAGES) : [];
  if (request.saveSupplierImages && images.length === 0) {
    throw AppError.forField(["supplierProductData", "gallery"], "the supplier product has no images to copy");
  }

  const completed: Step[] = [];
  let title = platform.product.title;

  if (request.saveSupplierName || description !== undefined) {
    const product: Record<string, string> = { id: platform.product.id };
    if (request.saveSupplierName) product.title = supplier.name.trim();
    if (description !== undefined) product.descriptionHtml = description;
    const data = await runStep("productUpdate", completed, () =>
      platformGraphql(session, PRODUCT_UPDATE_MUTATION, { product }),
    );
    refuseUserErrors("productUpdate", completed, data.productUpdate?.userErrors ?? []);
    title = data.productUpdate?.product?.title ?? product.title ?? title;
    completed.push("productUpdate");
  }

  if (request.useSuggestedBarcode) {
    const variants = links.map((link) => ({ id: link.platformVariantId, barcode: link.barcode }));
    const data = await runStep("barcodes", completed, () =>
      platformGraphql(session, PRODUCT_VARIANTS_BARCODES_MUTATION, {
        productId: platform.product.id,
        variants,
      }),
    );
    refuseUserErrors("barcodes", completed, data.productVariantsBulkUpdate?.userErrors ?? []);
    completed.push("barcodes");
  }

  if (images.length) {
    const media = images.map((image) => ({
      originalSource: image.url,
      mediaContentType: "IMAGE" as const,
      alt: supplier.name,
    }));
    const data = await runStep("images", completed, () =>
      platformGraphql(session, PRODUCT_ADD_MEDIA_MUTATION, {
        product: { id: platform.product.id },
        media,
      }),
    );
    refuseUserErrors("images", completed, data.productUpdate?.userErrors ?? []);
    completed.push("images");
  }

  let row;
  try {
    row = await prisma.productAssociation.create({
      data: {
        shop,
        supplierProductId: request.supplierProductId,
        platformProductId: platform.product.id,
        supplierProductName: supplier.name,
        platformProductTitle: title,
        importType: "link",
        saveSupplierName: request.saveSupplierName,
        saveSupplierDescription: request.saveSupplierDescription,
        useSuggestedBarcode: request.useSuggestedBarcode,
        saveSupplierImages: request.saveSupplierImages,
        variantAssociations: JSON.stringify(links),
        supplierVariations: JSON.stringify(variationSnapshot(variations)),
        imagesAdded: images.length,
        lastSyncedAt: new Date(),
      },
    });
  } catch (error) {
    // Two imports of the same product raced: the first one's link stands.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      await refuseDuplicate(shop, request.supplierProductId);
    }
    throw error;
  }
  log.info({ platformProductId: platform.product.id, completed }, "supplier product linked");
  void syncAfterLinkSaved(shop, row.id);
  return {
    association: associationRecord(row),
    message: `Linked "${supplier.name}" to "${title}"${describeSteps(completed, images.length)}`,
  };
}

async function refuseDuplicate(shop: string, supplierProductId: string) {
  const existing = await findAssociation(shop, supplierProductId);
  if (existing) {
    throw new AppError(
      409,
      `This supplier product is already linked to "${existing.platformProductTitle}"`,
      "duplicate",
      {
        association: associationRecord(existing),
      },
    );
  }
}

async function runStep<T>(step: Step, completed: Step[], call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PlatformApiError) {
      throw new AppError(
        error.status,
        `${STEP_LABELS[step]} failed: ${error.message}${afterSteps(completed)}`,
        error.code,
        {
          step,
          completedSteps: [...completed],
        },
      );
    }
    throw error;
  }
}

function refuseUserErrors(step: Step, completed: Step[], userErrors: UserError[]) {
  if (!userErrors.length) return;
  const detail = userErrors
    .map((error) => (error.field?.length ? `${error.field.join(".")}: ${error.message}` : error.message))
    .join("; ");
  throw new AppError(422, `${STEP_LABELS[step]} failed: ${detail}${afterSteps(completed)}`, "platform_user_error", {
    step,
    completedSteps: [...completed],
  });
}

function afterSteps(completed: Step[]) {
  if (!completed.length) return ". Nothing was changed and the product was not linked";
  return `. Already applied on the platform: ${completed.map((step) => STEP_LABELS[step].toLowerCase()).join(", ")}; the product was not linked`;
}

function describeSteps(completed: Step[], imageCount: number) {
  const parts = completed.map((step) => {
    if (step === "productUpdate") return "title/description copied";
    if (step === "barcodes") return "barcodes set";
    return `${imageCount} image${imageCount === 1 ? "" : "s"} added`;
  });
  return parts.length ? ` (${parts.join(", ")})` : "";
}
