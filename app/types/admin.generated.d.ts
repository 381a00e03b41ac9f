/* eslint-disable eslint-comments/disable-enable-pair */
/* eslint-disable eslint-comments/no-unlimited-disable */
/* eslint-disable */
import type * as AdminTypes from "./admin.types.js";

export type OrderByNameQueryVariables = AdminTypes.Exact<{
  query: AdminTypes.Scalars["String"]["input"];
}>;

export type OrderByNameQuery = { orders: { nodes: Array<Pick<AdminTypes.Order, "id" | "name" | "tags">> } };

export type OrderByIdQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
}>;

export type OrderByIdQuery = { order: AdminTypes.Maybe<Pick<AdminTypes.Order, "id" | "name" | "tags">> };

export type OrderTagsAddMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
  tags: Array<AdminTypes.Scalars["String"]["input"]> | AdminTypes.Scalars["String"]["input"];
}>;

export type OrderTagsAddMutation = {
  tagsAdd: AdminTypes.Maybe<{
    node: AdminTypes.Maybe<
      | Pick<AdminTypes.AbandonedCheckout, "id">
      | Pick<AdminTypes.AbandonedCheckoutLineItem, "id">
      | Pick<AdminTypes.Abandonment, "id">
      | Pick<AdminTypes.AddAllProductsOperation, "id">
      | Pick<AdminTypes.AdditionalFee, "id">
      | Pick<AdminTypes.AnalyticsAnnotation, "id">
      | Pick<AdminTypes.AnalyticsTarget, "id">
      | Pick<AdminTypes.App, "id">
      | Pick<AdminTypes.AppCatalog, "id">
      | Pick<AdminTypes.AppCredit, "id">
      | Pick<AdminTypes.AppInstallation, "id">
      | Pick<AdminTypes.AppPurchaseOneTime, "id">
      | Pick<AdminTypes.AppRevenueAttributionRecord, "id">
      | Pick<AdminTypes.AppSubscription, "id">
      | Pick<AdminTypes.AppUsageRecord, "id">
      | Pick<AdminTypes.Article, "id">
      | Pick<AdminTypes.BasicEvent, "id">
      | Pick<AdminTypes.Blog, "id">
      | Pick<AdminTypes.BulkOperation, "id">
      | Pick<AdminTypes.BusinessEntity, "id">
      | Pick<AdminTypes.CalculatedOrder, "id">
      | Pick<AdminTypes.CartTransform, "id">
      | Pick<AdminTypes.CashDrawer, "id">
      | Pick<AdminTypes.CashManagementCustomReasonCode, "id">
      | Pick<AdminTypes.CashManagementDefaultReasonCode, "id">
      | Pick<AdminTypes.CashManagementSystemReasonCode, "id">
      | Pick<AdminTypes.CashTrackingAdjustment, "id">
      | Pick<AdminTypes.CashTrackingSession, "id">
      | Pick<AdminTypes.CatalogCsvOperation, "id">
      | Pick<AdminTypes.Channel, "id">
      | Pick<AdminTypes.ChannelDefinition, "id">
      | Pick<AdminTypes.ChannelInformation, "id">
      | Pick<AdminTypes.CheckoutAndAccountsConfiguration, "id">
      | Pick<AdminTypes.CheckoutAndAccountsConfigurationOverride, "id">
      | Pick<AdminTypes.CheckoutProfile, "id">
      | Pick<AdminTypes.Collection, "id">
      | Pick<AdminTypes.CollectionConditionsSource, "id">
      | Pick<AdminTypes.CollectionSubCollectionsSource, "id">
      | Pick<AdminTypes.Comment, "id">
      | Pick<AdminTypes.CommentEvent, "id">
      | Pick<AdminTypes.Company, "id">
      | Pick<AdminTypes.CompanyAddress, "id">
      | Pick<AdminTypes.CompanyContact, "id">
      | Pick<AdminTypes.CompanyContactRole, "id">
      | Pick<AdminTypes.CompanyContactRoleAssignment, "id">
      | Pick<AdminTypes.CompanyLocation, "id">
      | Pick<AdminTypes.CompanyLocationCatalog, "id">
      | Pick<AdminTypes.CompanyLocationStaffMemberAssignment, "id">
      | Pick<AdminTypes.ConsentPolicy, "id">
      | Pick<AdminTypes.CurrencyExchangeAdjustment, "id">
      | Pick<AdminTypes.Customer, "id">
      | Pick<AdminTypes.CustomerAccountAppExtensionPage, "id">
      | Pick<AdminTypes.CustomerAccountNativePage, "id">
      | Pick<AdminTypes.CustomerPaymentMethod, "id">
      | Pick<AdminTypes.CustomerSegmentMembersQuery, "id">
      | Pick<AdminTypes.CustomerVisit, "id">
      | Pick<AdminTypes.DeliveryCarrierService, "id">
      | Pick<AdminTypes.DeliveryCondition, "id">
      | Pick<AdminTypes.DeliveryCountry, "id">
      | Pick<AdminTypes.DeliveryCustomization, "id">
      | Pick<AdminTypes.DeliveryLocationGroup, "id">
      | Pick<AdminTypes.DeliveryMethod, "id">
      | Pick<AdminTypes.DeliveryMethodDefinition, "id">
      | Pick<AdminTypes.DeliveryParticipant, "id">
      | Pick<AdminTypes.DeliveryProfile, "id">
      | Pick<AdminTypes.DeliveryProfileItem, "id">
      | Pick<AdminTypes.DeliveryPromiseParticipant, "id">
      | Pick<AdminTypes.DeliveryPromiseProvider, "id">
      | Pick<AdminTypes.DeliveryProvince, "id">
      | Pick<AdminTypes.DeliveryRateDefinition, "id">
      | Pick<AdminTypes.DeliveryZone, "id">
      | Pick<AdminTypes.DiscountAutomaticBxgy, "id">
      | Pick<AdminTypes.DiscountAutomaticNode, "id">
      | Pick<AdminTypes.DiscountCodeNode, "id">
      | Pick<AdminTypes.DiscountNode, "id">
      | Pick<AdminTypes.DiscountRedeemCodeBulkCreation, "id">
      | Pick<AdminTypes.Domain, "id">
      | Pick<AdminTypes.DraftOrder, "id">
      | Pick<AdminTypes.DraftOrderLineItem, "id">
      | Pick<AdminTypes.DraftOrderTag, "id">
      | Pick<AdminTypes.Duty, "id">
      | Pick<AdminTypes.ExchangeLineItem, "id">
      | Pick<AdminTypes.ExternalVideo, "id">
      | Pick<AdminTypes.Fulfillment, "id">
      | Pick<AdminTypes.FulfillmentConstraintRule, "id">
      | Pick<AdminTypes.FulfillmentEvent, "id">
      | Pick<AdminTypes.FulfillmentHold, "id">
      | Pick<AdminTypes.FulfillmentLineItem, "id">
      | Pick<AdminTypes.FulfillmentOrder, "id">
      | Pick<AdminTypes.FulfillmentOrderDestination, "id">
      | Pick<AdminTypes.FulfillmentOrderLineItem, "id">
      | Pick<AdminTypes.FulfillmentOrderMerchantRequest, "id">
      | Pick<AdminTypes.GenericFile, "id">
      | Pick<AdminTypes.GiftCard, "id">
      | Pick<AdminTypes.GiftCardCashOutTransaction, "id">
      | Pick<AdminTypes.GiftCardCreditTransaction, "id">
      | Pick<AdminTypes.GiftCardDebitTransaction, "id">
      | Pick<AdminTypes.IdentityProviderSubject, "id">
      | Pick<AdminTypes.InventoryAdjustmentGroup, "id">
      | Pick<AdminTypes.InventoryItem, "id">
      | Pick<AdminTypes.InventoryItemMeasurement, "id">
      | Pick<AdminTypes.InventoryLevel, "id">
      | Pick<AdminTypes.InventoryQuantity, "id">
      | Pick<AdminTypes.InventoryShipment, "id">
      | Pick<AdminTypes.InventoryShipmentLineItem, "id">
      | Pick<AdminTypes.InventoryTransfer, "id">
      | Pick<AdminTypes.InventoryTransferLineItem, "id">
      | Pick<AdminTypes.LineItem, "id">
      | Pick<AdminTypes.LineItemGroup, "id">
      | Pick<AdminTypes.Location, "id">
      | Pick<AdminTypes.MailingAddress, "id">
      | Pick<AdminTypes.Market, "id">
      | Pick<AdminTypes.MarketCatalog, "id">
      | Pick<AdminTypes.MarketRegionCountry, "id">
      | Pick<AdminTypes.MarketRegionSubdivision, "id">
      | Pick<AdminTypes.MarketWebPresence, "id">
      | Pick<AdminTypes.MarketingActivity, "id">
      | Pick<AdminTypes.MarketingEvent, "id">
      | Pick<AdminTypes.MediaImage, "id">
      | Pick<AdminTypes.Menu, "id">
      | Pick<AdminTypes.Metafield, "id">
      | Pick<AdminTypes.MetafieldDefinition, "id">
      | Pick<AdminTypes.Metaobject, "id">
      | Pick<AdminTypes.MetaobjectDefinition, "id">
      | Pick<AdminTypes.Model3d, "id">
      | Pick<AdminTypes.OnlineStoreTheme, "id">
      | Pick<AdminTypes.Order, "id">
      | Pick<AdminTypes.OrderAdjustment, "id">
      | Pick<AdminTypes.OrderAttributionDefinition, "id">
      | Pick<AdminTypes.OrderCancelJobResult, "id">
      | Pick<AdminTypes.OrderCreateMandatePaymentJobResult, "id">
      | Pick<AdminTypes.OrderDisputeSummary, "id">
      | Pick<AdminTypes.OrderEditSession, "id">
      | Pick<AdminTypes.OrderTransaction, "id">
      | Pick<AdminTypes.Page, "id">
      | Pick<AdminTypes.PaymentCustomization, "id">
      | Pick<AdminTypes.PaymentMandate, "id">
      | Pick<AdminTypes.PaymentSchedule, "id">
      | Pick<AdminTypes.PaymentTerms, "id">
      | Pick<AdminTypes.PaymentTermsTemplate, "id">
      | Pick<AdminTypes.PointOfSaleDevice, "id">
      | Pick<AdminTypes.PointOfSaleDevicePaymentSession, "id">
      | Pick<AdminTypes.PriceList, "id">
      | Pick<AdminTypes.Product, "id">
      | Pick<AdminTypes.ProductBundleOperation, "id">
      | Pick<AdminTypes.ProductDeleteOperation, "id">
      | Pick<AdminTypes.ProductDuplicateOperation, "id">
      | Pick<AdminTypes.ProductFeed, "id">
      | Pick<AdminTypes.ProductOption, "id">
      | Pick<AdminTypes.ProductOptionValue, "id">
      | Pick<AdminTypes.ProductSetOperation, "id">
      | Pick<AdminTypes.ProductTaxonomyNode, "id">
      | Pick<AdminTypes.ProductVariant, "id">
      | Pick<AdminTypes.ProductVariantComponent, "id">
      | Pick<AdminTypes.Publication, "id">
      | Pick<AdminTypes.PublicationResourceOperation, "id">
      | Pick<AdminTypes.QuantityPriceBreak, "id">
      | Pick<AdminTypes.Refund, "id">
      | Pick<AdminTypes.RefundShippingLine, "id">
      | Pick<AdminTypes.Return, "id">
      | Pick<AdminTypes.ReturnLineItem, "id">
      | Pick<AdminTypes.ReturnReasonDefinition, "id">
      | Pick<AdminTypes.ReturnableFulfillment, "id">
      | Pick<AdminTypes.ReverseDelivery, "id">
      | Pick<AdminTypes.ReverseDeliveryLineItem, "id">
      | Pick<AdminTypes.ReverseFulfillmentOrder, "id">
      | Pick<AdminTypes.ReverseFulfillmentOrderDisposition, "id">
      | Pick<AdminTypes.ReverseFulfillmentOrderLineItem, "id">
      | Pick<AdminTypes.SaleAdditionalFee, "id">
      | Pick<AdminTypes.SavedSearch, "id">
      | Pick<AdminTypes.ScriptTag, "id">
      | Pick<AdminTypes.Segment, "id">
      | Pick<AdminTypes.SellingPlan, "id">
      | Pick<AdminTypes.SellingPlanGroup, "id">
      | Pick<AdminTypes.ServerPixel, "id">
      | Pick<AdminTypes.ShippingLabel, "id">
      | Pick<AdminTypes.ShippingLabelPurchaseResult, "id">
      | Pick<AdminTypes.Shop, "id">
      | Pick<AdminTypes.ShopAddress, "id">
      | Pick<AdminTypes.ShopPolicy, "id">
      | Pick<AdminTypes.ShopifyPaymentsAccount, "id">
      | Pick<AdminTypes.ShopifyPaymentsBalanceTransaction, "id">
      | Pick<AdminTypes.ShopifyPaymentsBankAccount, "id">
      | Pick<AdminTypes.ShopifyPaymentsDispute, "id">
      | Pick<AdminTypes.ShopifyPaymentsDisputeEvidence, "id">
      | Pick<AdminTypes.ShopifyPaymentsDisputeFileUpload, "id">
      | Pick<AdminTypes.ShopifyPaymentsDisputeFulfillment, "id">
      | Pick<AdminTypes.ShopifyPaymentsPayout, "id">
      | Pick<AdminTypes.StaffMember, "id">
      | Pick<AdminTypes.StandardMetafieldDefinitionTemplate, "id">
      | Pick<AdminTypes.StoreCreditAccount, "id">
      | Pick<AdminTypes.StoreCreditAccountCreditTransaction, "id">
      | Pick<AdminTypes.StoreCreditAccountDebitRevertTransaction, "id">
      | Pick<AdminTypes.StoreCreditAccountDebitTransaction, "id">
      | Pick<AdminTypes.StorefrontAccessToken, "id">
      | Pick<AdminTypes.SubscriptionBillingAttempt, "id">
      | Pick<AdminTypes.SubscriptionContract, "id">
      | Pick<AdminTypes.SubscriptionDraft, "id">
      | Pick<AdminTypes.TaxonomyAttribute, "id">
      | Pick<AdminTypes.TaxonomyCategory, "id">
      | Pick<AdminTypes.TaxonomyChoiceListAttribute, "id">
      | Pick<AdminTypes.TaxonomyMeasurementAttribute, "id">
      | Pick<AdminTypes.TaxonomyValue, "id">
      | Pick<AdminTypes.TenderTransaction, "id">
      | Pick<AdminTypes.TransactionFee, "id">
      | Pick<AdminTypes.UnverifiedReturnLineItem, "id">
      | Pick<AdminTypes.UrlRedirect, "id">
      | Pick<AdminTypes.UrlRedirectImport, "id">
      | Pick<AdminTypes.Validation, "id">
      | Pick<AdminTypes.Video, "id">
      | Pick<AdminTypes.WebPixel, "id">
      | Pick<AdminTypes.WebhookSubscription, "id">
    >;
    userErrors: Array<Pick<AdminTypes.UserError, "field" | "message">>;
  }>;
};

export type OrderTagsRemoveMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
  tags: Array<AdminTypes.Scalars["String"]["input"]> | AdminTypes.Scalars["String"]["input"];
}>;

export type OrderTagsRemoveMutation = {
  tagsRemove: AdminTypes.Maybe<{
    node: AdminTypes.Maybe<
      | Pick<AdminTypes.AbandonedCheckout, "id">
      | Pick<AdminTypes.AbandonedCheckoutLineItem, "id">
      | Pick<AdminTypes.Abandonment, "id">
      | Pick<AdminTypes.AddAllProductsOperation, "id">
      | Pick<AdminTypes.AdditionalFee, "id">
      | Pick<AdminTypes.AnalyticsAnnotation, "id">
      | Pick<AdminTypes.AnalyticsTarget, "id">
      | Pick<AdminTypes.App, "id">
      | Pick<AdminTypes.AppCatalog, "id">
      | Pick<AdminTypes.AppCredit, "id">
      | Pick<AdminTypes.AppInstallation, "id">
      | Pick<AdminTypes.AppPurchaseOneTime, "id">
      | Pick<AdminTypes.AppRevenueAttributionRecord, "id">
      | Pick<AdminTypes.AppSubscription, "id">
      | Pick<AdminTypes.AppUsageRecord, "id">
      | Pick<AdminTypes.Article, "id">
      | Pick<AdminTypes.BasicEvent, "id">
      | Pick<AdminTypes.Blog, "id">
      | Pick<AdminTypes.BulkOperation, "id">
      | Pick<AdminTypes.BusinessEntity, "id">
      | Pick<AdminTypes.CalculatedOrder, "id">
      | Pick<AdminTypes.CartTransform, "id">
      | Pick<AdminTypes.CashDrawer, "id">
      | Pick<AdminTypes.CashManagementCustomReasonCode, "id">
      | Pick<AdminTypes.CashManagementDefaultReasonCode, "id">
      | Pick<AdminTypes.CashManagementSystemReasonCode, "id">
      | Pick<AdminTypes.CashTrackingAdjustment, "id">
      | Pick<AdminTypes.CashTrackingSession, "id">
      | Pick<AdminTypes.CatalogCsvOperation, "id">
      | Pick<AdminTypes.Channel, "id">
      | Pick<AdminTypes.ChannelDefinition, "id">
      | Pick<AdminTypes.ChannelInformation, "id">
      | Pick<AdminTypes.CheckoutAndAccountsConfiguration, "id">
      | Pick<AdminTypes.CheckoutAndAccountsConfigurationOverride, "id">
      | Pick<AdminTypes.CheckoutProfile, "id">
      | Pick<AdminTypes.Collection, "id">
      | Pick<AdminTypes.CollectionConditionsSource, "id">
      | Pick<AdminTypes.CollectionSubCollectionsSource, "id">
      | Pick<AdminTypes.Comment, "id">
      | Pick<AdminTypes.CommentEvent, "id">
      | Pick<AdminTypes.Company, "id">
      | Pick<AdminTypes.CompanyAddress, "id">
      | Pick<AdminTypes.CompanyContact, "id">
      | Pick<AdminTypes.CompanyContactRole, "id">
      | Pick<AdminTypes.CompanyContactRoleAssignment, "id">
      | Pick<AdminTypes.CompanyLocation, "id">
      | Pick<AdminTypes.CompanyLocationCatalog, "id">
      | Pick<AdminTypes.CompanyLocationStaffMemberAssignment, "id">
      | Pick<AdminTypes.ConsentPolicy, "id">
      | Pick<AdminTypes.CurrencyExchangeAdjustment, "id">
      | Pick<AdminTypes.Customer, "id">
      | Pick<AdminTypes.CustomerAccountAppExtensionPage, "id">
      | Pick<AdminTypes.CustomerAccountNativePage, "id">
      | Pick<AdminTypes.CustomerPaymentMethod, "id">
      | Pick<AdminTypes.CustomerSegmentMembersQuery, "id">
      | Pick<AdminTypes.CustomerVisit, "id">
      | Pick<AdminTypes.DeliveryCarrierService, "id">
      | Pick<AdminTypes.DeliveryCondition, "id">
      | Pick<AdminTypes.DeliveryCountry, "id">
      | Pick<AdminTypes.DeliveryCustomization, "id">
      | Pick<AdminTypes.DeliveryLocationGroup, "id">
      | Pick<AdminTypes.DeliveryMethod, "id">
      | Pick<AdminTypes.DeliveryMethodDefinition, "id">
      | Pick<AdminTypes.DeliveryParticipant, "id">
      | Pick<AdminTypes.DeliveryProfile, "id">
      | Pick<AdminTypes.DeliveryProfileItem, "id">
      | Pick<AdminTypes.DeliveryPromiseParticipant, "id">
      | Pick<AdminTypes.DeliveryPromiseProvider, "id">
      | Pick<AdminTypes.DeliveryProvince, "id">
      | Pick<AdminTypes.DeliveryRateDefinition, "id">
      | Pick<AdminTypes.DeliveryZone, "id">
      | Pick<AdminTypes.DiscountAutomaticBxgy, "id">
      | Pick<AdminTypes.DiscountAutomaticNode, "id">
      | Pick<AdminTypes.DiscountCodeNode, "id">
      | Pick<AdminTypes.DiscountNode, "id">
      | Pick<AdminTypes.DiscountRedeemCodeBulkCreation, "id">
      | Pick<AdminTypes.Domain, "id">
      | Pick<AdminTypes.DraftOrder, "id">
      | Pick<AdminTypes.DraftOrderLineItem, "id">
      | Pick<AdminTypes.DraftOrderTag, "id">
      | Pick<AdminTypes.Duty, "id">
      | Pick<AdminTypes.ExchangeLineItem, "id">
      | Pick<AdminTypes.ExternalVideo, "id">
      | Pick<AdminTypes.Fulfillment, "id">
      | Pick<AdminTypes.FulfillmentConstraintRule, "id">
      | Pick<AdminTypes.FulfillmentEvent, "id">
      | Pick<AdminTypes.FulfillmentHold, "id">
      | Pick<AdminTypes.FulfillmentLineItem, "id">
      | Pick<AdminTypes.FulfillmentOrder, "id">
      | Pick<AdminTypes.FulfillmentOrderDestination, "id">
      | Pick<AdminTypes.FulfillmentOrderLineItem, "id">
      | Pick<AdminTypes.FulfillmentOrderMerchantRequest, "id">
      | Pick<AdminTypes.GenericFile, "id">
      | Pick<AdminTypes.GiftCard, "id">
      | Pick<AdminTypes.GiftCardCashOutTransaction, "id">
      | Pick<AdminTypes.GiftCardCreditTransaction, "id">
      | Pick<AdminTypes.GiftCardDebitTransaction, "id">
      | Pick<AdminTypes.IdentityProviderSubject, "id">
      | Pick<AdminTypes.InventoryAdjustmentGroup, "id">
      | Pick<AdminTypes.InventoryItem, "id">
      | Pick<AdminTypes.InventoryItemMeasurement, "id">
      | Pick<AdminTypes.InventoryLevel, "id">
      | Pick<AdminTypes.InventoryQuantity, "id">
      | Pick<AdminTypes.InventoryShipment, "id">
      | Pick<AdminTypes.InventoryShipmentLineItem, "id">
      | Pick<AdminTypes.InventoryTransfer, "id">
      | Pick<AdminTypes.InventoryTransferLineItem, "id">
      | Pick<AdminTypes.LineItem, "id">
      | Pick<AdminTypes.LineItemGroup, "id">
      | Pick<AdminTypes.Location, "id">
      | Pick<AdminTypes.MailingAddress, "id">
      | Pick<AdminTypes.Market, "id">
      | Pick<AdminTypes.MarketCatalog, "id">
      | Pick<AdminTypes.MarketRegionCountry, "id">
      | Pick<AdminTypes.MarketRegionSubdivision, "id">
      | Pick<AdminTypes.MarketWebPresence, "id">
      | Pick<AdminTypes.MarketingActivity, "id">
      | Pick<AdminTypes.MarketingEvent, "id">
      | Pick<AdminTypes.MediaImage, "id">
      | Pick<AdminTypes.Menu, "id">
      | Pick<AdminTypes.Metafield, "id">
      | Pick<AdminTypes.MetafieldDefinition, "id">
      | Pick<AdminTypes.Metaobject, "id">
      | Pick<AdminTypes.MetaobjectDefinition, "id">
      | Pick<AdminTypes.Model3d, "id">
      | Pick<AdminTypes.OnlineStoreTheme, "id">
      | Pick<AdminTypes.Order, "id">
      | Pick<AdminTypes.OrderAdjustment, "id">
      | Pick<AdminTypes.OrderAttributionDefinition, "id">
      | Pick<AdminTypes.OrderCancelJobResult, "id">
      | Pick<AdminTypes.OrderCreateMandatePaymentJobResult, "id">
      | Pick<AdminTypes.OrderDisputeSummary, "id">
      | Pick<AdminTypes.OrderEditSession, "id">
      | Pick<AdminTypes.OrderTransaction, "id">
      | Pick<AdminTypes.Page, "id">
      | Pick<AdminTypes.PaymentCustomization, "id">
      | Pick<AdminTypes.PaymentMandate, "id">
      | Pick<AdminTypes.PaymentSchedule, "id">
      | Pick<AdminTypes.PaymentTerms, "id">
      | Pick<AdminTypes.PaymentTermsTemplate, "id">
      | Pick<AdminTypes.PointOfSaleDevice, "id">
      | Pick<AdminTypes.PointOfSaleDevicePaymentSession, "id">
      | Pick<AdminTypes.PriceList, "id">
      | Pick<AdminTypes.Product, "id">
      | Pick<AdminTypes.ProductBundleOperation, "id">
      | Pick<AdminTypes.ProductDeleteOperation, "id">
      | Pick<AdminTypes.ProductDuplicateOperation, "id">
      | Pick<AdminTypes.ProductFeed, "id">
      | Pick<AdminTypes.ProductOption, "id">
      | Pick<AdminTypes.ProductOptionValue, "id">
      | Pick<AdminTypes.ProductSetOperation, "id">
      | Pick<AdminTypes.ProductTaxonomyNode, "id">
      | Pick<AdminTypes.ProductVariant, "id">
      | Pick<AdminTypes.ProductVariantComponent, "id">
      | Pick<AdminTypes.Publication, "id">
      | Pick<AdminTypes.PublicationResourceOperation, "id">
      | Pick<AdminTypes.QuantityPriceBreak, "id">
      | Pick<AdminTypes.Refund, "id">
      | Pick<AdminTypes.RefundShippingLine, "id">
      | Pick<AdminTypes.Return, "id">
      | Pick<AdminTypes.ReturnLineItem, "id">
      | Pick<AdminTypes.ReturnReasonDefinition, "id">
      | Pick<AdminTypes.ReturnableFulfillment, "id">
      | Pick<AdminTypes.ReverseDelivery, "id">
      | Pick<AdminTypes.ReverseDeliveryLineItem, "id">
      | Pick<AdminTypes.ReverseFulfillmentOrder, "id">
      | Pick<AdminTypes.ReverseFulfillmentOrderDisposition, "id">
      | Pick<AdminTypes.ReverseFulfillmentOrderLineItem, "id">
      | Pick<AdminTypes.SaleAdditionalFee, "id">
      | Pick<AdminTypes.SavedSearch, "id">
      | Pick<AdminTypes.ScriptTag, "id">
      | Pick<AdminTypes.Segment, "id">
      | Pick<AdminTypes.SellingPlan, "id">
      | Pick<AdminTypes.SellingPlanGroup, "id">
      | Pick<AdminTypes.ServerPixel, "id">
      | Pick<AdminTypes.ShippingLabel, "id">
      | Pick<AdminTypes.ShippingLabelPurchaseResult, "id">
      | Pick<AdminTypes.Shop, "id">
      | Pick<AdminTypes.ShopAddress, "id">
      | Pick<AdminTypes.ShopPolicy, "id">
      | Pick<AdminTypes.ShopifyPaymentsAccount, "id">
      | Pick<AdminTypes.ShopifyPaymentsBalanceTransaction, "id">
      | Pick<AdminTypes.ShopifyPaymentsBankAccount, "id">
      | Pick<AdminTypes.ShopifyPaymentsDispute, "id">
      | Pick<AdminTypes.ShopifyPaymentsDisputeEvidence, "id">
      | Pick<AdminTypes.ShopifyPaymentsDisputeFileUpload, "id">
      | Pick<AdminTypes.ShopifyPaymentsDisputeFulfillment, "id">
      | Pick<AdminTypes.ShopifyPaymentsPayout, "id">
      | Pick<AdminTypes.StaffMember, "id">
      | Pick<AdminTypes.StandardMetafieldDefinitionTemplate, "id">
      | Pick<AdminTypes.StoreCreditAccount, "id">
      | Pick<AdminTypes.StoreCreditAccountCreditTransaction, "id">
      | Pick<AdminTypes.StoreCreditAccountDebitRevertTransaction, "id">
      | Pick<AdminTypes.StoreCreditAccountDebitTransaction, "id">
      | Pick<AdminTypes.StorefrontAccessToken, "id">
      | Pick<AdminTypes.SubscriptionBillingAttempt, "id">
      | Pick<AdminTypes.SubscriptionContract, "id">
      | Pick<AdminTypes.SubscriptionDraft, "id">
      | Pick<AdminTypes.TaxonomyAttribute, "id">
      | Pick<AdminTypes.TaxonomyCategory, "id">
      | Pick<AdminTypes.TaxonomyChoiceListAttribute, "id">
      | Pick<AdminTypes.TaxonomyMeasurementAttribute, "id">
      | Pick<AdminTypes.TaxonomyValue, "id">
      | Pick<AdminTypes.TenderTransaction, "id">
      | Pick<AdminTypes.TransactionFee, "id">
      | Pick<AdminTypes.UnverifiedReturnLineItem, "id">
      | Pick<AdminTypes.UrlRedirect, "id">
      | Pick<AdminTypes.UrlRedirectImport, "id">
      | Pick<AdminTypes.Validation, "id">
      | Pick<AdminTypes.Video, "id">
      | Pick<AdminTypes.WebPixel, "id">
      | Pick<AdminTypes.WebhookSubscription, "id">
    >;
    userErrors: Array<Pick<AdminTypes.UserError, "field" | "message">>;
  }>;
};

export type ProductUpdateMutationVariables = AdminTypes.Exact<{
  product: AdminTypes.ProductUpdateInput;
}>;

export type ProductUpdateMutation = {
  productUpdate: AdminTypes.Maybe<{
    product: AdminTypes.Maybe<Pick<AdminTypes.Product, "id" | "title">>;
    userErrors: Array<Pick<AdminTypes.UserError, "field" | "message">>;
  }>;
};

export type ProductVariantsBarcodesMutationVariables = AdminTypes.Exact<{
  productId: AdminTypes.Scalars["ID"]["input"];
  variants: Array<AdminTypes.ProductVariantsBulkInput> | AdminTypes.ProductVariantsBulkInput;
}>;

export type ProductVariantsBarcodesMutation = {
  productVariantsBulkUpdate: AdminTypes.Maybe<{
    productVariants: AdminTypes.Maybe<Array<Pick<AdminTypes.ProductVariant, "id" | "barcode">>>;
    userErrors: Array<Pick<AdminTypes.ProductVariantsBulkUpdateUserError, "field" | "message">>;
  }>;
};

export type ProductAddMediaMutationVariables = AdminTypes.Exact<{
  product: AdminTypes.ProductUpdateInput;
  media: Array<AdminTypes.CreateMediaInput> | AdminTypes.CreateMediaInput;
}>;

export type ProductAddMediaMutation = {
  productUpdate: AdminTypes.Maybe<{
    product: AdminTypes.Maybe<Pick<AdminTypes.Product, "id">>;
    userErrors: Array<Pick<AdminTypes.UserError, "field" | "message">>;
  }>;
};

export type FlowTriggerReceiveMutationVariables = AdminTypes.Exact<{
  handle: AdminTypes.Scalars["String"]["input"];
  payload: AdminTypes.Scalars["JSON"]["input"];
}>;

export type FlowTriggerReceiveMutation = {
  flowTriggerReceive: AdminTypes.Maybe<{ userErrors: Array<Pick<AdminTypes.UserError, "field" | "message">> }>;
};

export type FulfillmentOrderForHoldQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
}>;

export type FulfillmentOrderForHoldQuery = {
  fulfillmentOrder: AdminTypes.Maybe<
    Pick<AdminTypes.FulfillmentOrder, "id" | "status"> & {
      fulfillmentHolds: Array<Pick<AdminTypes.FulfillmentHold, "id" | "handle" | "heldByRequestingApp">>;
      order: Pick<AdminTypes.Order, "id" | "cancelledAt" | "paymentGatewayNames">;
    }
  >;
};

export type OrderFulfillmentHoldsQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
}>;

export type OrderFulfillmentHoldsQuery = {
  order: AdminTypes.Maybe<
    Pick<AdminTypes.Order, "id" | "cancelledAt" | "displayFulfillmentStatus" | "paymentGatewayNames"> & {
      cancellation: AdminTypes.Maybe<Pick<AdminTypes.OrderCancellation, "staffNote">>;
      fulfillmentOrders: {
        nodes: Array<
          Pick<AdminTypes.FulfillmentOrder, "id" | "status"> & {
            fulfillmentHolds: Array<Pick<AdminTypes.FulfillmentHold, "id" | "handle" | "heldByRequestingApp">>;
          }
        >;
      };
    }
  >;
};

export type FulfillmentOrderHoldMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
  handle: AdminTypes.Scalars["String"]["input"];
  reasonNotes?: AdminTypes.InputMaybe<AdminTypes.Scalars["String"]["input"]>;
}>;

export type FulfillmentOrderHoldMutation = {
  fulfillmentOrderHold: AdminTypes.Maybe<{
    fulfillmentHold: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentHold, "id" | "handle">>;
    userErrors: Array<Pick<AdminTypes.FulfillmentOrderHoldUserError, "field" | "message" | "code">>;
  }>;
};

export type FulfillmentOrderReleaseHoldMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
  holdIds?: AdminTypes.InputMaybe<Array<AdminTypes.Scalars["ID"]["input"]> | AdminTypes.Scalars["ID"]["input"]>;
}>;

export type FulfillmentOrderReleaseHoldMutation = {
  fulfillmentOrderReleaseHold: AdminTypes.Maybe<{
    fulfillmentOrder: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentOrder, "id" | "status">>;
    userErrors: Array<Pick<AdminTypes.FulfillmentOrderReleaseHoldUserError, "field" | "message" | "code">>;
  }>;
};

export type HeldOrderCancelMutationVariables = AdminTypes.Exact<{
  orderId: AdminTypes.Scalars["ID"]["input"];
  notifyCustomer?: AdminTypes.InputMaybe<AdminTypes.Scalars["Boolean"]["input"]>;
  staffNote?: AdminTypes.InputMaybe<AdminTypes.Scalars["String"]["input"]>;
}>;

export type HeldOrderCancelMutation = {
  orderCancel: AdminTypes.Maybe<{
    job: AdminTypes.Maybe<Pick<AdminTypes.Job, "id" | "done">>;
    orderCancelUserErrors: Array<Pick<AdminTypes.OrderCancelUserError, "field" | "message" | "code">>;
  }>;
};

export type JourneyOrderQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
}>;

export type JourneyOrderQuery = {
  order: AdminTypes.Maybe<
    Pick<AdminTypes.Order, "id" | "cancelledAt" | "displayFulfillmentStatus" | "displayFinancialStatus"> & {
      cancellation: AdminTypes.Maybe<Pick<AdminTypes.OrderCancellation, "staffNote">>;
      totalOutstandingSet: { shopMoney: Pick<AdminTypes.MoneyV2, "amount"> };
      fulfillments: Array<
        Pick<AdminTypes.Fulfillment, "id" | "status"> & {
          trackingInfo: Array<Pick<AdminTypes.FulfillmentTrackingInfo, "number">>;
        }
      >;
      fulfillmentOrders: {
        nodes: Array<
          Pick<AdminTypes.FulfillmentOrder, "id" | "status"> & {
            assignedLocation: { location: AdminTypes.Maybe<Pick<AdminTypes.Location, "id">> };
            fulfillmentHolds: Array<Pick<AdminTypes.FulfillmentHold, "id" | "handle" | "heldByRequestingApp">>;
          }
        >;
      };
      lineItems: {
        nodes: Array<
          Pick<AdminTypes.LineItem, "quantity"> & {
            variant: AdminTypes.Maybe<
              Pick<AdminTypes.ProductVariant, "id"> & { inventoryItem: Pick<AdminTypes.InventoryItem, "id"> }
            >;
          }
        >;
      };
    }
  >;
};

export type JourneyFulfillmentEventsQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
}>;

export type JourneyFulfillmentEventsQuery = {
  fulfillment: AdminTypes.Maybe<
    Pick<AdminTypes.Fulfillment, "id" | "status"> & {
      events: { nodes: Array<Pick<AdminTypes.FulfillmentEvent, "status" | "happenedAt">> };
    }
  >;
};

export type JourneyFulfillmentCreateMutationVariables = AdminTypes.Exact<{
  fulfillment: AdminTypes.FulfillmentInput;
}>;

export type JourneyFulfillmentCreateMutation = {
  fulfillmentCreate: AdminTypes.Maybe<{
    fulfillment: AdminTypes.Maybe<Pick<AdminTypes.Fulfillment, "id" | "status">>;
    userErrors: Array<Pick<AdminTypes.UserError, "field" | "message">>;
  }>;
};

export type JourneyFulfillmentEventCreateMutationVariables = AdminTypes.Exact<{
  fulfillmentEvent: AdminTypes.FulfillmentEventInput;
}>;

export type JourneyFulfillmentEventCreateMutation = {
  fulfillmentEventCreate: AdminTypes.Maybe<{
    fulfillmentEvent: AdminTypes.Maybe<Pick<AdminTypes.FulfillmentEvent, "id" | "status" | "happenedAt">>;
    userErrors: Array<Pick<AdminTypes.UserError, "field" | "message">>;
  }>;
};

export type JourneyOrderMarkAsPaidMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.OrderMarkAsPaidInput;
}>;

export type JourneyOrderMarkAsPaidMutation = {
  orderMarkAsPaid: AdminTypes.Maybe<{
    order: AdminTypes.Maybe<Pick<AdminTypes.Order, "id" | "displayFinancialStatus">>;
    userErrors: Array<Pick<AdminTypes.UserError, "field" | "message">>;
  }>;
};

export type JourneyFulfillmentCancelMutationVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
}>;

export type JourneyFulfillmentCancelMutation = {
  fulfillmentCancel: AdminTypes.Maybe<{
    fulfillment: AdminTypes.Maybe<Pick<AdminTypes.Fulfillment, "id" | "status">>;
    userErrors: Array<Pick<AdminTypes.UserError, "field" | "message">>;
  }>;
};

export type JourneyOrderCancelMutationVariables = AdminTypes.Exact<{
  orderId: AdminTypes.Scalars["ID"]["input"];
  reason: AdminTypes.OrderCancelReason;
  restock: AdminTypes.Scalars["Boolean"]["input"];
  staffNote?: AdminTypes.InputMaybe<AdminTypes.Scalars["String"]["input"]>;
}>;

export type JourneyOrderCancelMutation = {
  orderCancel: AdminTypes.Maybe<{
    job: AdminTypes.Maybe<Pick<AdminTypes.Job, "id" | "done">>;
    orderCancelUserErrors: Array<Pick<AdminTypes.OrderCancelUserError, "field" | "message" | "code">>;
  }>;
};

export type JourneyRestockMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.InventoryAdjustQuantitiesInput;
  idempotencyKey: AdminTypes.Scalars["String"]["input"];
}>;

export type JourneyRestockMutation = {
  inventoryAdjustQuantities: AdminTypes.Maybe<{
    inventoryAdjustmentGroup: AdminTypes.Maybe<Pick<AdminTypes.InventoryAdjustmentGroup, "id">>;
    userErrors: Array<Pick<AdminTypes.InventoryAdjustQuantitiesUserError, "field" | "message" | "code">>;
  }>;
};

export type SweepOrderIdsQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars["Int"]["input"];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars["String"]["input"]>;
  query: AdminTypes.Scalars["String"]["input"];
}>;

export type SweepOrderIdsQuery = {
  orders: {
    pageInfo: Pick<AdminTypes.PageInfo, "hasNextPage" | "endCursor">;
    nodes: Array<Pick<AdminTypes.Order, "id" | "createdAt">>;
  };
};

export type SweepDraftOrderIdsQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars["Int"]["input"];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars["String"]["input"]>;
  query: AdminTypes.Scalars["String"]["input"];
}>;

export type SweepDraftOrderIdsQuery = {
  draftOrders: {
    pageInfo: Pick<AdminTypes.PageInfo, "hasNextPage" | "endCursor">;
    nodes: Array<Pick<AdminTypes.DraftOrder, "id" | "createdAt">>;
  };
};

export type SweepOrdersQueryVariables = AdminTypes.Exact<{
  ids: Array<AdminTypes.Scalars["ID"]["input"]> | AdminTypes.Scalars["ID"]["input"];
}>;

export type SweepOrdersQuery = {
  nodes: Array<
    AdminTypes.Maybe<
      Pick<
        AdminTypes.Order,
        | "id"
        | "name"
        | "createdAt"
        | "email"
        | "phone"
        | "test"
        | "note"
        | "tags"
        | "cancelledAt"
        | "displayFinancialStatus"
        | "displayFulfillmentStatus"
      > & {
        totalPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, "amount" | "currencyCode"> };
        customer: AdminTypes.Maybe<
          Pick<AdminTypes.Customer, "id" | "firstName" | "lastName"> & {
            defaultEmailAddress: AdminTypes.Maybe<Pick<AdminTypes.CustomerEmailAddress, "emailAddress">>;
            defaultPhoneNumber: AdminTypes.Maybe<Pick<AdminTypes.CustomerPhoneNumber, "phoneNumber">>;
            defaultAddress: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, "countryCodeV2" | "phone">>;
          }
        >;
        shippingAddress: AdminTypes.Maybe<
          Pick<
            AdminTypes.MailingAddress,
            "firstName" | "lastName" | "address1" | "city" | "province" | "country" | "countryCodeV2" | "zip" | "phone"
          >
        >;
        billingAddress: AdminTypes.Maybe<Pick<AdminTypes.MailingAddress, "countryCodeV2" | "phone">>;
        lineItems: {
          nodes: Array<
            Pick<AdminTypes.LineItem, "id" | "name" | "title" | "quantity" | "sku"> & {
              originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, "amount" | "currencyCode"> };
              variant: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, "id" | "sku">>;
              product: AdminTypes.Maybe<Pick<AdminTypes.Product, "id">>;
            }
          >;
        };
      }
    >
  >;
};

export type SweepDraftOrdersQueryVariables = AdminTypes.Exact<{
  ids: Array<AdminTypes.Scalars["ID"]["input"]> | AdminTypes.Scalars["ID"]["input"];
}>;

export type SweepDraftOrdersQuery = {
  nodes: Array<
    AdminTypes.Maybe<
      Pick<AdminTypes.DraftOrder, "id" | "name" | "createdAt" | "email" | "currencyCode"> & {
        totalPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, "amount" | "currencyCode"> };
        customer: AdminTypes.Maybe<
          Pick<AdminTypes.Customer, "id" | "firstName" | "lastName"> & {
            defaultEmailAddress: AdminTypes.Maybe<Pick<AdminTypes.CustomerEmailAddress, "emailAddress">>;
          }
        >;
        lineItems: {
          nodes: Array<
            Pick<AdminTypes.DraftOrderLineItem, "id" | "title" | "name" | "quantity" | "sku"> & {
              originalUnitPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, "amount" | "currencyCode"> };
              variant: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, "id" | "sku">>;
            }
          >;
        };
      }
    >
  >;
};

export type ProductsQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars["Int"]["input"];
  after?: AdminTypes.InputMaybe<AdminTypes.Scalars["String"]["input"]>;
  variantsFirst: AdminTypes.Scalars["Int"]["input"];
}>;

export type ProductsQuery = {
  products: {
    nodes: Array<
      Pick<AdminTypes.Product, "id" | "title" | "handle" | "status"> & {
        featuredMedia: AdminTypes.Maybe<{
          preview: AdminTypes.Maybe<{ image: AdminTypes.Maybe<Pick<AdminTypes.Image, "url" | "altText">> }>;
        }>;
        variants: { nodes: Array<Pick<AdminTypes.ProductVariant, "id" | "title" | "price">> };
      }
    >;
    pageInfo: Pick<AdminTypes.PageInfo, "hasNextPage" | "endCursor">;
  };
};

export type ProductVariantsQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
  first: AdminTypes.Scalars["Int"]["input"];
}>;

export type ProductVariantsQuery = {
  product: AdminTypes.Maybe<
    Pick<AdminTypes.Product, "id" | "title"> & {
      variants: {
        nodes: Array<
          Pick<
            AdminTypes.ProductVariant,
            "id" | "title" | "price" | "sku" | "barcode" | "inventoryQuantity" | "availableForSale"
          > & { selectedOptions: Array<Pick<AdminTypes.SelectedOption, "name" | "value">> }
        >;
      };
    }
  >;
};

export type RecentOrdersQueryVariables = AdminTypes.Exact<{
  first: AdminTypes.Scalars["Int"]["input"];
  lineItemsFirst: AdminTypes.Scalars["Int"]["input"];
}>;

export type RecentOrdersQuery = {
  orders: {
    nodes: Array<
      Pick<
        AdminTypes.Order,
        "id" | "name" | "createdAt" | "displayFinancialStatus" | "displayFulfillmentStatus" | "tags" | "note"
      > & {
        totalPriceSet: { shopMoney: Pick<AdminTypes.MoneyV2, "amount" | "currencyCode"> };
        lineItems: {
          nodes: Array<
            Pick<AdminTypes.LineItem, "id" | "name" | "quantity" | "sku"> & {
              variant: AdminTypes.Maybe<Pick<AdminTypes.ProductVariant, "id" | "title">>;
              product: AdminTypes.Maybe<Pick<AdminTypes.Product, "id">>;
            }
          >;
        };
        shippingAddress: AdminTypes.Maybe<
          Pick<
            AdminTypes.MailingAddress,
            "firstName" | "lastName" | "address1" | "city" | "province" | "country" | "zip" | "phone"
          >
        >;
        customer: AdminTypes.Maybe<
          Pick<AdminTypes.Customer, "id" | "firstName" | "lastName"> & {
            defaultEmailAddress: AdminTypes.Maybe<Pick<AdminTypes.CustomerEmailAddress, "emailAddress">>;
            defaultPhoneNumber: AdminTypes.Maybe<Pick<AdminTypes.CustomerPhoneNumber, "phoneNumber">>;
          }
        >;
      }
    >;
  };
};

export type LoopTestShopCurrencyQueryVariables = AdminTypes.Exact<{ [key: string]: never }>;

export type LoopTestShopCurrencyQuery = { shop: Pick<AdminTypes.Shop, "currencyCode"> };

export type LoopTestOrderCreateMutationVariables = AdminTypes.Exact<{
  order: AdminTypes.OrderCreateOrderInput;
  options?: AdminTypes.InputMaybe<AdminTypes.OrderCreateOptionsInput>;
}>;

export type LoopTestOrderCreateMutation = {
  orderCreate: AdminTypes.Maybe<{
    order: AdminTypes.Maybe<Pick<AdminTypes.Order, "id" | "name" | "test">>;
    userErrors: Array<Pick<AdminTypes.OrderCreateUserError, "field" | "message" | "code">>;
  }>;
};

export type LoopTestOrderDeleteMutationVariables = AdminTypes.Exact<{
  orderId: AdminTypes.Scalars["ID"]["input"];
}>;

export type LoopTestOrderDeleteMutation = {
  orderDelete: AdminTypes.Maybe<
    Pick<AdminTypes.OrderDeletePayload, "deletedId"> & {
      userErrors: Array<Pick<AdminTypes.OrderDeleteUserError, "field" | "message" | "code">>;
    }
  >;
};

export type LoopTestOrderCancelMutationVariables = AdminTypes.Exact<{
  orderId: AdminTypes.Scalars["ID"]["input"];
  staffNote?: AdminTypes.InputMaybe<AdminTypes.Scalars["String"]["input"]>;
}>;

export type LoopTestOrderCancelMutation = {
  orderCancel: AdminTypes.Maybe<{
    job: AdminTypes.Maybe<Pick<AdminTypes.Job, "id" | "done">>;
    orderCancelUserErrors: Array<Pick<AdminTypes.OrderCancelUserError, "field" | "message" | "code">>;
  }>;
};

export type OrderRiskAssessmentCreateMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.OrderRiskAssessmentCreateInput;
}>;

export type OrderRiskAssessmentCreateMutation = {
  orderRiskAssessmentCreate: AdminTypes.Maybe<{
    orderRiskAssessment: AdminTypes.Maybe<Pick<AdminTypes.OrderRiskAssessment, "riskLevel">>;
    userErrors: Array<Pick<AdminTypes.OrderRiskAssessmentCreateUserError, "field" | "message" | "code">>;
  }>;
};

export type OrderRiskAssessmentsQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
}>;

export type OrderRiskAssessmentsQuery = {
  order: AdminTypes.Maybe<
    Pick<AdminTypes.Order, "id"> & {
      risk: {
        assessments: Array<
          Pick<AdminTypes.OrderRiskAssessment, "riskLevel"> & {
            provider: AdminTypes.Maybe<Pick<AdminTypes.App, "id">>;
            facts: Array<Pick<AdminTypes.RiskFact, "description">>;
          }
        >;
      };
    }
  >;
};

export type OrderCancelledAtQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
}>;

export type OrderCancelledAtQuery = { order: AdminTypes.Maybe<Pick<AdminTypes.Order, "id" | "cancelledAt">> };

export type ShopTimeZoneQueryVariables = AdminTypes.Exact<{ [key: string]: never }>;

export type ShopTimeZoneQuery = { shop: Pick<AdminTypes.Shop, "ianaTimezone"> };

export type StockLocationsQueryVariables = AdminTypes.Exact<{ [key: string]: never }>;

export type StockLocationsQuery = {
  locations: { nodes: Array<Pick<AdminTypes.Location, "id" | "name" | "isActive">> };
};

export type StockProductsQueryVariables = AdminTypes.Exact<{
  ids: Array<AdminTypes.Scalars["ID"]["input"]> | AdminTypes.Scalars["ID"]["input"];
  locationId: AdminTypes.Scalars["ID"]["input"];
}>;

export type StockProductsQuery = {
  nodes: Array<
    AdminTypes.Maybe<
      Pick<AdminTypes.Product, "id"> & {
        variants: {
          pageInfo: Pick<AdminTypes.PageInfo, "hasNextPage">;
          nodes: Array<
            Pick<AdminTypes.ProductVariant, "id" | "title" | "price" | "compareAtPrice"> & {
              inventoryItem: Pick<AdminTypes.InventoryItem, "id" | "tracked"> & {
                inventoryLevel: AdminTypes.Maybe<{
                  quantities: Array<Pick<AdminTypes.InventoryQuantity, "name" | "quantity">>;
                }>;
              };
            }
          >;
        };
      }
    >
  >;
};

export type StockSetAvailableMutationVariables = AdminTypes.Exact<{
  input: AdminTypes.InventorySetQuantitiesInput;
  idempotencyKey: AdminTypes.Scalars["String"]["input"];
}>;

export type StockSetAvailableMutation = {
  inventorySetQuantities: AdminTypes.Maybe<{
    userErrors: Array<Pick<AdminTypes.InventorySetQuantitiesUserError, "field" | "message" | "code">>;
  }>;
};

export type StockSetPricesMutationVariables = AdminTypes.Exact<{
  productId: AdminTypes.Scalars["ID"]["input"];
  variants: Array<AdminTypes.ProductVariantsBulkInput> | AdminTypes.ProductVariantsBulkInput;
}>;

export type StockSetPricesMutation = {
  productVariantsBulkUpdate: AdminTypes.Maybe<{
    userErrors: Array<Pick<AdminTypes.ProductVariantsBulkUpdateUserError, "field" | "message">>;
  }>;
};

export type ThemeCreateMutationVariables = AdminTypes.Exact<{
  source: AdminTypes.Scalars["URL"]["input"];
  name: AdminTypes.Scalars["String"]["input"];
}>;

export type ThemeCreateMutation = {
  themeCreate: AdminTypes.Maybe<{
    theme: AdminTypes.Maybe<
      Pick<AdminTypes.OnlineStoreTheme, "id" | "name" | "role" | "processing" | "processingFailed" | "createdAt">
    >;
    userErrors: Array<Pick<AdminTypes.ThemeCreateUserError, "field" | "message">>;
  }>;
};

export type ThemeStatusQueryVariables = AdminTypes.Exact<{
  id: AdminTypes.Scalars["ID"]["input"];
}>;

export type ThemeStatusQuery = {
  theme: AdminTypes.Maybe<
    Pick<AdminTypes.OnlineStoreTheme, "id" | "name" | "role" | "processing" | "processingFailed" | "createdAt">
  >;
};

interface GeneratedQueryTypes {
  "#graphql\n  query OrderByName($query: String!) {\n    orders(first: 1, query: $query) {\n      nodes { id name tags }\n    }\n  }": {
    return: OrderByNameQuery;
    variables: OrderByNameQueryVariables;
  };
  "#graphql\n  query OrderById($id: ID!) {\n    order(id: $id) { id name tags }\n  }": {
    return: OrderByIdQuery;
    variables: OrderByIdQueryVariables;
  };
  "#graphql\n  query FulfillmentOrderForHold($id: ID!) {\n    fulfillmentOrder(id: $id) {\n      id\n      status\n      fulfillmentHolds { id handle heldByRequestingApp }\n      order { id cancelledAt paymentGatewayNames }\n    }\n  }": {
    return: FulfillmentOrderForHoldQuery;
    variables: FulfillmentOrderForHoldQueryVariables;
  };
  "#graphql\n  query OrderFulfillmentHolds($id: ID!) {\n    order(id: $id) {\n      id\n      cancelledAt\n      cancellation { staffNote }\n      displayFulfillmentStatus\n      paymentGatewayNames\n      fulfillmentOrders(first: 20) {\n        nodes { id status fulfillmentHolds { id handle heldByRequestingApp } }\n      }\n    }\n  }": {
    return: OrderFulfillmentHoldsQuery;
    variables: OrderFulfillmentHoldsQueryVariables;
  };
  "#graphql\n  query JourneyOrder($id: ID!) {\n    order(id: $id) {\n      id\n      cancelledAt\n      cancellation { staffNote }\n      displayFulfillmentStatus\n      displayFinancialStatus\n      totalOutstandingSet { shopMoney { amount } }\n      fulfillments(first: 20) { id status trackingInfo(first: 5) { number } }\n      fulfillmentOrders(first: 20) {\n        nodes {\n          id\n          status\n          assignedLocation { location { id } }\n          fulfillmentHolds { id handle heldByRequestingApp }\n        }\n      }\n      lineItems(first: 100) { nodes { quantity variant { id inventoryItem { id } } } }\n    }\n  }": {
    return: JourneyOrderQuery;
    variables: JourneyOrderQueryVariables;
  };
  "#graphql\n  query JourneyFulfillmentEvents($id: ID!) {\n    fulfillment(id: $id) {\n      id\n      status\n      events(first: 100) { nodes { status happenedAt } }\n    }\n  }": {
    return: JourneyFulfillmentEventsQuery;
    variables: JourneyFulfillmentEventsQueryVariables;
  };
  "#graphql\n  query SweepOrderIds($first: Int!, $after: String, $query: String!) {\n    orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {\n      pageInfo { hasNextPage endCursor }\n      nodes { id createdAt }\n    }\n  }": {
    return: SweepOrderIdsQuery;
    variables: SweepOrderIdsQueryVariables;
  };
  "#graphql\n  query SweepDraftOrderIds($first: Int!, $after: String, $query: String!) {\n    draftOrders(first: $first, after: $after, query: $query, sortKey: ID) {\n      pageInfo { hasNextPage endCursor }\n      nodes { id createdAt }\n    }\n  }": {
    return: SweepDraftOrderIdsQuery;
    variables: SweepDraftOrderIdsQueryVariables;
  };
  "#graphql\n  query SweepOrders($ids: [ID!]!) {\n    nodes(ids: $ids) {\n      ... on Order {\n        id\n        name\n        createdAt\n        email\n        phone\n        test\n        note\n        tags\n        cancelledAt\n        displayFinancialStatus\n        displayFulfillmentStatus\n        totalPriceSet { shopMoney { amount currencyCode } }\n        customer {\n          id\n          firstName\n          lastName\n          defaultEmailAddress { emailAddress }\n          defaultPhoneNumber { phoneNumber }\n          defaultAddress { countryCodeV2 phone }\n        }\n        shippingAddress { firstName lastName address1 city province country countryCodeV2 zip phone }\n        billingAddress { countryCodeV2 phone }\n        lineItems(first: 50) {\n          nodes {\n            id\n            name\n            title\n            quantity\n            sku\n            originalUnitPriceSet { shopMoney { amount currencyCode } }\n            variant { id sku }\n            product { id }\n          }\n        }\n      }\n    }\n  }": {
    return: SweepOrdersQuery;
    variables: SweepOrdersQueryVariables;
  };
  "#graphql\n  query SweepDraftOrders($ids: [ID!]!) {\n    nodes(ids: $ids) {\n      ... on DraftOrder {\n        id\n        name\n        createdAt\n        email\n        currencyCode\n        totalPriceSet { shopMoney { amount currencyCode } }\n        customer { id firstName lastName defaultEmailAddress { emailAddress } }\n        lineItems(first: 50) {\n          nodes {\n            id\n            title\n            name\n            quantity\n            sku\n            originalUnitPriceSet { shopMoney { amount currencyCode } }\n            variant { id sku }\n          }\n        }\n      }\n    }\n  }": {
    return: SweepDraftOrdersQuery;
    variables: SweepDraftOrdersQueryVariables;
  };
  "#graphql\n  query Products($first: Int!, $after: String, $variantsFirst: Int!) {\n    products(first: $first, after: $after, sortKey: UPDATED_AT, reverse: true) {\n      nodes {\n        id\n        title\n        handle\n        status\n        featuredMedia {\n          preview {\n            image {\n              url\n              altText\n            }\n          }\n        }\n        variants(first: $variantsFirst) {\n          nodes {\n            id\n            title\n            price\n          }\n        }\n      }\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n    }\n  }": {
    return: ProductsQuery;
    variables: ProductsQueryVariables;
  };
  "#graphql\n  query ProductVariants($id: ID!, $first: Int!) {\n    product(id: $id) {\n      id\n      title\n      variants(first: $first) {\n        nodes {\n          id\n          title\n          price\n          sku\n          barcode\n          inventoryQuantity\n          availableForSale\n          selectedOptions {\n            name\n            value\n          }\n        }\n      }\n    }\n  }": {
    return: ProductVariantsQuery;
    variables: ProductVariantsQueryVariables;
  };
  "#graphql\n  query RecentOrders($first: Int!, $lineItemsFirst: Int!) {\n    orders(first: $first, sortKey: CREATED_AT, reverse: true) {\n      nodes {\n        id\n        name\n        createdAt\n        displayFinancialStatus\n        displayFulfillmentStatus\n        totalPriceSet {\n          shopMoney {\n            amount\n            currencyCode\n          }\n        }\n        lineItems(first: $lineItemsFirst) {\n          nodes {\n            id\n            name\n            quantity\n            sku\n            variant {\n              id\n              title\n            }\n            product {\n              id\n            }\n          }\n        }\n        shippingAddress {\n          firstName\n          lastName\n          address1\n          city\n          province\n          country\n          zip\n          phone\n        }\n        customer {\n          id\n          firstName\n          lastName\n          defaultEmailAddress {\n            emailAddress\n          }\n          defaultPhoneNumber {\n            phoneNumber\n          }\n        }\n        tags\n        note\n      }\n    }\n  }": {
    return: RecentOrdersQuery;
    variables: RecentOrdersQueryVariables;
  };
  "#graphql\n  query LoopTestShopCurrency {\n    shop { currencyCode }\n  }": {
    return: LoopTestShopCurrencyQuery;
    variables: LoopTestShopCurrencyQueryVariables;
  };
  "#graphql\n  query OrderRiskAssessments($id: ID!) {\n    order(id: $id) {\n      id\n      risk { assessments { riskLevel provider { id } facts { description } } }\n    }\n  }": {
    return: OrderRiskAssessmentsQuery;
    variables: OrderRiskAssessmentsQueryVariables;
  };
  "#graphql\n  query OrderCancelledAt($id: ID!) {\n    order(id: $id) { id cancelledAt }\n  }": {
    return: OrderCancelledAtQuery;
    variables: OrderCancelledAtQueryVariables;
  };
  "#graphql\n  query ShopTimeZone {\n    shop {\n      ianaTimezone\n    }\n  }": {
    return: ShopTimeZoneQuery;
    variables: ShopTimeZoneQueryVariables;
  };
  "#graphql\n  query StockLocations {\n    locations(first: 50) {\n      nodes {\n        id\n        name\n        isActive\n      }\n    }\n  }": {
    return: StockLocationsQuery;
    variables: StockLocationsQueryVariables;
  };
  '#graphql\n  query StockProducts($ids: [ID!]!, $locationId: ID!) {\n    nodes(ids: $ids) {\n      ... on Product {\n        id\n        variants(first: 100) {\n          pageInfo {\n            hasNextPage\n          }\n          nodes {\n            id\n            title\n            price\n            compareAtPrice\n            inventoryItem {\n              id\n              tracked\n              inventoryLevel(locationId: $locationId) {\n                quantities(names: ["available"]) {\n                  name\n                  quantity\n                }\n              }\n            }\n          }\n        }\n      }\n    }\n  }': {
    return: StockProductsQuery;
    variables: StockProductsQueryVariables;
  };
  "#graphql\n  query ThemeStatus($id: ID!) {\n    theme(id: $id) {\n      id\n      name\n      role\n      processing\n      processingFailed\n      createdAt\n    }\n  }": {
    return: ThemeStatusQuery;
    variables: ThemeStatusQueryVariables;
  };
}

interface GeneratedMutationTypes {
  "#graphql\n  mutation OrderTagsAdd($id: ID!, $tags: [String!]!) {\n    tagsAdd(id: $id, tags: $tags) {\n      node { id }\n      userErrors { field message }\n    }\n  }": {
    return: OrderTagsAddMutation;
    variables: OrderTagsAddMutationVariables;
  };
  "#graphql\n  mutation OrderTagsRemove($id: ID!, $tags: [String!]!) {\n    tagsRemove(id: $id, tags: $tags) {\n      node { id }\n      userErrors { field message }\n    }\n  }": {
    return: OrderTagsRemoveMutation;
    variables: OrderTagsRemoveMutationVariables;
  };
  "#graphql\n  mutation ProductUpdate($product: ProductUpdateInput!) {\n    productUpdate(product: $product) {\n      product {\n        id\n        title\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }": {
    return: ProductUpdateMutation;
    variables: ProductUpdateMutationVariables;
  };
  "#graphql\n  mutation ProductVariantsBarcodes($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {\n    productVariantsBulkUpdate(productId: $productId, variants: $variants) {\n      productVariants {\n        id\n        barcode\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }": {
    return: ProductVariantsBarcodesMutation;
    variables: ProductVariantsBarcodesMutationVariables;
  };
  "#graphql\n  mutation ProductAddMedia($product: ProductUpdateInput!, $media: [CreateMediaInput!]!) {\n    productUpdate(product: $product, media: $media) {\n      product {\n        id\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }": {
    return: ProductAddMediaMutation;
    variables: ProductAddMediaMutationVariables;
  };
  "#graphql\n  mutation FlowTriggerReceive($handle: String!, $payload: JSON!) {\n    flowTriggerReceive(handle: $handle, payload: $payload) {\n      userErrors { field message }\n    }\n  }": {
    return: FlowTriggerReceiveMutation;
    variables: FlowTriggerReceiveMutationVariables;
  };
  "#graphql\n  mutation FulfillmentOrderHold($id: ID!, $handle: String!, $reasonNotes: String) {\n    fulfillmentOrderHold(id: $id, fulfillmentHold: { handle: $handle, reason: OTHER, reasonNotes: $reasonNotes }) {\n      fulfillmentHold { id handle }\n      userErrors { field message code }\n    }\n  }": {
    return: FulfillmentOrderHoldMutation;
    variables: FulfillmentOrderHoldMutationVariables;
  };
  "#graphql\n  mutation FulfillmentOrderReleaseHold($id: ID!, $holdIds: [ID!]) {\n    fulfillmentOrderReleaseHold(id: $id, holdIds: $holdIds) {\n      fulfillmentOrder { id status }\n      userErrors { field message code }\n    }\n  }": {
    return: FulfillmentOrderReleaseHoldMutation;
    variables: FulfillmentOrderReleaseHoldMutationVariables;
  };
  "#graphql\n  mutation HeldOrderCancel($orderId: ID!, $notifyCustomer: Boolean, $staffNote: String) {\n    orderCancel(orderId: $orderId, reason: CUSTOMER, restock: true, notifyCustomer: $notifyCustomer, staffNote: $staffNote) {\n      job { id done }\n      orderCancelUserErrors { field message code }\n    }\n  }": {
    return: HeldOrderCancelMutation;
    variables: HeldOrderCancelMutationVariables;
  };
  "#graphql\n  mutation JourneyFulfillmentCreate($fulfillment: FulfillmentInput!) {\n    fulfillmentCreate(fulfillment: $fulfillment) {\n      fulfillment { id status }\n      userErrors { field message }\n    }\n  }": {
    return: JourneyFulfillmentCreateMutation;
    variables: JourneyFulfillmentCreateMutationVariables;
  };
  "#graphql\n  mutation JourneyFulfillmentEventCreate($fulfillmentEvent: FulfillmentEventInput!) {\n    fulfillmentEventCreate(fulfillmentEvent: $fulfillmentEvent) {\n      fulfillmentEvent { id status happenedAt }\n      userErrors { field message }\n    }\n  }": {
    return: JourneyFulfillmentEventCreateMutation;
    variables: JourneyFulfillmentEventCreateMutationVariables;
  };
  "#graphql\n  mutation JourneyOrderMarkAsPaid($input: OrderMarkAsPaidInput!) {\n    orderMarkAsPaid(input: $input) {\n      order { id displayFinancialStatus }\n      userErrors { field message }\n    }\n  }": {
    return: JourneyOrderMarkAsPaidMutation;
    variables: JourneyOrderMarkAsPaidMutationVariables;
  };
  "#graphql\n  mutation JourneyFulfillmentCancel($id: ID!) {\n    fulfillmentCancel(id: $id) {\n      fulfillment { id status }\n      userErrors { field message }\n    }\n  }": {
    return: JourneyFulfillmentCancelMutation;
    variables: JourneyFulfillmentCancelMutationVariables;
  };
  "#graphql\n  mutation JourneyOrderCancel($orderId: ID!, $reason: OrderCancelReason!, $restock: Boolean!, $staffNote: String) {\n    orderCancel(orderId: $orderId, reason: $reason, restock: $restock, notifyCustomer: false, staffNote: $staffNote) {\n      job { id done }\n      orderCancelUserErrors { field message code }\n    }\n  }": {
    return: JourneyOrderCancelMutation;
    variables: JourneyOrderCancelMutationVariables;
  };
  "#graphql\n  mutation JourneyRestock($input: InventoryAdjustQuantitiesInput!, $idempotencyKey: String!) {\n    inventoryAdjustQuantities(input: $input) @idempotent(key: $idempotencyKey) {\n      inventoryAdjustmentGroup { id }\n      userErrors { field message code }\n    }\n  }": {
    return: JourneyRestockMutation;
    variables: JourneyRestockMutationVariables;
  };
  "#graphql\n  mutation LoopTestOrderCreate($order: OrderCreateOrderInput!, $options: OrderCreateOptionsInput) {\n    orderCreate(order: $order, options: $options) {\n      order { id name test }\n      userErrors { field message code }\n    }\n  }": {
    return: LoopTestOrderCreateMutation;
    variables: LoopTestOrderCreateMutationVariables;
  };
  "#graphql\n  mutation LoopTestOrderDelete($orderId: ID!) {\n    orderDelete(orderId: $orderId) {\n      deletedId\n      userErrors { field message code }\n    }\n  }": {
    return: LoopTestOrderDeleteMutation;
    variables: LoopTestOrderDeleteMutationVariables;
  };
  "#graphql\n  mutation LoopTestOrderCancel($orderId: ID!, $staffNote: String) {\n    orderCancel(orderId: $orderId, reason: OTHER, restock: false, notifyCustomer: false, staffNote: $staffNote) {\n      job { id done }\n      orderCancelUserErrors { field message code }\n    }\n  }": {
    return: LoopTestOrderCancelMutation;
    variables: LoopTestOrderCancelMutationVariables;
  };
  "#graphql\n  mutation OrderRiskAssessmentCreate($input: OrderRiskAssessmentCreateInput!) {\n    orderRiskAssessmentCreate(orderRiskAssessmentInput: $input) {\n      orderRiskAssessment { riskLevel }\n      userErrors { field message code }\n    }\n  }": {
    return: OrderRiskAssessmentCreateMutation;
    variables: OrderRiskAssessmentCreateMutationVariables;
  };
  "#graphql\n  mutation StockSetAvailable($input: InventorySetQuantitiesInput!, $idempotencyKey: String!) {\n    inventorySetQuantities(input: $input) @idempotent(key: $idempotencyKey) {\n      userErrors {\n        field\n        message\n        code\n      }\n    }\n  }": {
    return: StockSetAvailableMutation;
    variables: StockSetAvailableMutationVariables;
  };
  "#graphql\n  mutation StockSetPrices($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {\n    productVariantsBulkUpdate(productId: $productId, variants: $variants) {\n      userErrors {\n        field\n        message\n      }\n    }\n  }": {
    return: StockSetPricesMutation;
    variables: StockSetPricesMutationVariables;
  };
  "#graphql\n  mutation ThemeCreate($source: URL!, $name: String!) {\n    themeCreate(source: $source, name: $name, role: UNPUBLISHED) {\n      theme {\n        id\n        name\n        role\n        processing\n        processingFailed\n        createdAt\n      }\n      userErrors {\n        field\n        message\n      }\n    }\n  }": {
    return: ThemeCreateMutation;
    variables: ThemeCreateMutationVariables;
  };
}
declare module "@shopify/admin-api-client" {
  type InputMaybe<T> = AdminTypes.InputMaybe<T>;
  interface AdminQueries extends GeneratedQueryTypes {}
  interface AdminMutations extends GeneratedMutationTypes {}
}
