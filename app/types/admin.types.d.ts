export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends " $fragmentName" | "__typename" ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string };
  String: { input: string; output: string };
  Boolean: { input: boolean; output: boolean };
  Int: { input: number; output: number };
  Float: { input: number; output: number };
  CountryCode: { input: string; output: string };
  CurrencyCode: { input: string; output: string };
  DateTime: { input: string; output: string };
  Decimal: { input: string; output: string };
  Money: { input: string; output: string };
  URL: { input: string; output: string };
};

export type CreateMediaInput = {
  alt?: InputMaybe<Scalars["String"]["input"]>;
  mediaContentType: MediaContentType;
  originalSource: Scalars["String"]["input"];
};

export type Customer = Node & {
  __typename?: "Customer";
  defaultAddress?: Maybe<MailingAddress>;
  defaultEmailAddress?: Maybe<CustomerEmailAddress>;
  defaultPhoneNumber?: Maybe<CustomerPhoneNumber>;
  firstName?: Maybe<Scalars["String"]["output"]>;
  id: Scalars["ID"]["output"];
  lastName?: Maybe<Scalars["String"]["output"]>;
};

export type CustomerEmailAddress = {
  __typename?: "CustomerEmailAddress";
  emailAddress: Scalars["String"]["output"];
};

export type CustomerPhoneNumber = {
  __typename?: "CustomerPhoneNumber";
  phoneNumber: Scalars["String"]["output"];
};

export type DraftOrder = Node & {
  __typename?: "DraftOrder";
  createdAt: Scalars["DateTime"]["output"];
  currencyCode: Scalars["CurrencyCode"]["output"];
  customer?: Maybe<Customer>;
  email?: Maybe<Scalars["String"]["output"]>;
  id: Scalars["ID"]["output"];
  lineItems: DraftOrderLineItemConnection;
  name: Scalars["String"]["output"];
  totalPriceSet: MoneyBag;
};

export type DraftOrderLineItemsArgs = {
  after?: InputMaybe<Scalars["String"]["input"]>;
  before?: InputMaybe<Scalars["String"]["input"]>;
  first?: InputMaybe<Scalars["Int"]["input"]>;
  last?: InputMaybe<Scalars["Int"]["input"]>;
  reverse?: InputMaybe<Scalars["Boolean"]["input"]>;
};

export type DraftOrderConnection = {
  __typename?: "DraftOrderConnection";
  nodes: Array<DraftOrder>;
  pageInfo: PageInfo;
};

export type DraftOrderLineItem = Node & {
  __typename?: "DraftOrderLineItem";
  id: Scalars["ID"]["output"];
  name: Scalars["String"]["output"];
  originalUnitPriceSet: MoneyBag;
  quantity: Scalars["Int"]["output"];
  sku?: Maybe<Scalars["String"]["output"]>;
  title: Scalars["String"]["output"];
  variant?: Maybe<ProductVariant>;
};

export type DraftOrderLineItemConnection = {
  __typename?: "DraftOrderLineItemConnection";
  nodes: Array<DraftOrderLineItem>;
  pageInfo: PageInfo;
};

export enum DraftOrderSortKeys {
  CustomerName = "CUSTOMER_NAME",
  Id = "ID",
  Number = "NUMBER",
  Relevance = "RELEVANCE",
  Status = "STATUS",
  TotalPrice = "TOTAL_PRICE",
  UpdatedAt = "UPDATED_AT",
}

export type FulfillmentHold = Node & {
  __typename?: "FulfillmentHold";
  displayReason: Scalars["String"]["output"];
  handle?: Maybe<Scalars["String"]["output"]>;
  heldByRequestingApp: Scalars["Boolean"]["output"];
  id: Scalars["ID"]["output"];
  reason: FulfillmentHoldReason;
  reasonNotes?: Maybe<Scalars["String"]["output"]>;
};

export enum FulfillmentHoldReason {
  AwaitingPayment = "AWAITING_PAYMENT",
  AwaitingReturnItems = "AWAITING_RETURN_ITEMS",
  HighRiskOfFraud = "HIGH_RISK_OF_FRAUD",
  IncorrectAddress = "INCORRECT_ADDRESS",
  InventoryOutOfStock = "INVENTORY_OUT_OF_STOCK",
  OnlineStorePostPurchaseCrossSell = "ONLINE_STORE_POST_PURCHASE_CROSS_SELL",
  Other = "OTHER",
  UnknownDeliveryDate = "UNKNOWN_DELIVERY_DATE",
}

export type FulfillmentOrder = Node & {
  __typename?: "FulfillmentOrder";
  fulfillmentHolds: Array<FulfillmentHold>;
  id: Scalars["ID"]["output"];
  order: Order;
  status: FulfillmentOrderStatus;
};

export type FulfillmentOrderConnection = {
  __typename?: "FulfillmentOrderConnection";
  nodes: Array<FulfillmentOrder>;
};

export type FulfillmentOrderHoldInput = {
  externalId?: InputMaybe<Scalars["String"]["input"]>;
  handle?: InputMaybe<Scalars["String"]["input"]>;
  notifyMerchant?: InputMaybe<Scalars["Boolean"]["input"]>;
  reason: FulfillmentHoldReason;
  reasonNotes?: InputMaybe<Scalars["String"]["input"]>;
};

export type FulfillmentOrderHoldPayload = {
  __typename?: "FulfillmentOrderHoldPayload";
  fulfillmentHold?: Maybe<FulfillmentHold>;
  fulfillmentOrder?: Maybe<FulfillmentOrder>;
  userErrors: Array<FulfillmentOrderHoldUserError>;
};

export type FulfillmentOrderHoldUserError = {
  __typename?: "FulfillmentOrderHoldUserError";
  code?: Maybe<FulfillmentOrderHoldUserErrorCode>;
  field?: Maybe<Array<Scalars["String"]["output"]>>;
  message: Scalars["String"]["output"];
};

export enum FulfillmentOrderHoldUserErrorCode {
  DuplicatedFulfillmentOrderLineItems = "DUPLICATED_FULFILLMENT_ORDER_LINE_ITEMS",
  DuplicateFulfillmentHoldHandle = "DUPLICATE_FULFILLMENT_HOLD_HANDLE",
  FulfillmentOrderHoldLimitReached = "FULFILLMENT_ORDER_HOLD_LIMIT_REACHED",
  FulfillmentOrderNotFound = "FULFILLMENT_ORDER_NOT_FOUND",
  FulfillmentOrderNotSplittable = "FULFILLMENT_ORDER_NOT_SPLITTABLE",
  GreaterThanZero = "GREATER_THAN_ZERO",
  InvalidLineItemQuantity = "INVALID_LINE_ITEM_QUANTITY",
  Taken = "TAKEN",
}

export type FulfillmentOrderReleaseHoldPayload = {
  __typename?: "FulfillmentOrderReleaseHoldPayload";
  fulfillmentOrder?: Maybe<FulfillmentOrder>;
  userErrors: Array<FulfillmentOrderReleaseHoldUserError>;
};

export type FulfillmentOrderReleaseHoldUserError = {
  __typename?: "FulfillmentOrderReleaseHoldUserError";
  code?: Maybe<FulfillmentOrderReleaseHoldUserErrorCode>;
  field?: Maybe<Array<Scalars["String"]["output"]>>;
  message: Scalars["String"]["output"];
};

export enum FulfillmentOrderReleaseHoldUserErrorCode {
  FulfillmentOrderNotFound = "FULFILLMENT_ORDER_NOT_FOUND",
  InvalidAccess = "INVALID_ACCESS",
}

export enum FulfillmentOrderStatus {
  Cancelled = "CANCELLED",
  Closed = "CLOSED",
  Incomplete = "INCOMPLETE",
  InProgress = "IN_PROGRESS",
  OnHold = "ON_HOLD",
  Open = "OPEN",
  Scheduled = "SCHEDULED",
}

export type Image = {
  __typename?: "Image";
  altText?: Maybe<Scalars["String"]["output"]>;
  id?: Maybe<Scalars["ID"]["output"]>;
  url: Scalars["URL"]["output"];
};

export type InventoryItem = Node & {
  __typename?: "InventoryItem";
  id: Scalars["ID"]["output"];
  inventoryLevel?: Maybe<InventoryLevel>;
  tracked: Scalars["Boolean"]["output"];
};

export type InventoryItemInventoryLevelArgs = {
  locationId: Scalars["ID"]["input"];
};

export type InventoryLevel = Node & {
  __typename?: "InventoryLevel";
  id: Scalars["ID"]["output"];
  quantities: Array<InventoryQuantity>;
};

export type InventoryLevelQuantitiesArgs = {
  names: Array<Scalars["String"]["input"]>;
};

export type InventoryQuantity = {
  __typename?: "InventoryQuantity";
  name: Scalars["String"]["output"];
  quantity: Scalars["Int"]["output"];
};

export type InventoryQuantityInput = {
  compareQuantity?: InputMaybe<Scalars["Int"]["input"]>;
  inventoryItemId: Scalars["ID"]["input"];
  locationId: Scalars["ID"]["input"];
  quantity: Scalars["Int"]["input"];
};

export type InventorySetQuantitiesInput = {
  ignoreCompareQuantity?: InputMaybe<Scalars["Boolean"]["input"]>;
  name: Scalars["String"]["input"];
  quantities: Array<InventoryQuantityInput>;
  reason: Scalars["String"]["input"];
  referenceDocumentUri?: InputMaybe<Scalars["String"]["input"]>;
};

export type InventorySetQuantitiesPayload = {
  __typename?: "InventorySetQuantitiesPayload";
  userErrors: Array<InventorySetQuantitiesUserError>;
};

export type InventorySetQuantitiesUserError = {
  __typename?: "InventorySetQuantitiesUserError";
  code?: Maybe<InventorySetQuantitiesUserErrorCode>;
  field?: Maybe<Array<Scalars["String"]["output"]>>;
  message: Scalars["String"]["output"];
};

export enum InventorySetQuantitiesUserErrorCode {
  CompareQuantityRequired = "COMPARE_QUANTITY_REQUIRED",
  CompareQuantityStale = "COMPARE_QUANTITY_STALE",
  InvalidInventoryItem = "INVALID_INVENTORY_ITEM",
  InvalidLocation = "INVALID_LOCATION",
  InvalidName = "INVALID_NAME",
  InvalidQuantityNegative = "INVALID_QUANTITY_NEGATIVE",
  InvalidQuantityTooHigh = "INVALID_QUANTITY_TOO_HIGH",
  InvalidQuantityTooLow = "INVALID_QUANTITY_TOO_LOW",
  InvalidReason = "INVALID_REASON",
  InvalidReferenceDocument = "INVALID_REFERENCE_DOCUMENT",
  ItemNotStockedAtLocation = "ITEM_NOT_STOCKED_AT_LOCATION",
  NonMutableInventoryItem = "NON_MUTABLE_INVENTORY_ITEM",
  NoDuplicateInventoryItemIdGroupIdPair = "NO_DUPLICATE_INVENTORY_ITEM_ID_GROUP_ID_PAIR",
}

export type Job = {
  __typename?: "Job";
  done: Scalars["Boolean"]["output"];
  id: Scalars["ID"]["output"];
};

export type LineItem = Node & {
  __typename?: "LineItem";
  id: Scalars["ID"]["output"];
  name: Scalars["String"]["output"];
  originalUnitPriceSet: MoneyBag;
  product?: Maybe<Product>;
  quantity: Scalars["Int"]["output"];
  sku?: Maybe<Scalars["String"]["output"]>;
  title: Scalars["String"]["output"];
  variant?: Maybe<ProductVariant>;
};

export type LineItemConnection = {
  __typename?: "LineItemConnection";
  nodes: Array<LineItem>;
  pageInfo: PageInfo;
};

export type Location = Node & {
  __typename?: "Location";
  id: Scalars["ID"]["output"];
  isActive: Scalars["Boolean"]["output"];
  name: Scalars["String"]["output"];
};

export type LocationConnection = {
  __typename?: "LocationConnection";
  nodes: Array<Location>;
  pageInfo: PageInfo;
};

export type MailingAddress = {
  __typename?: "MailingAddress";
  address1?: Maybe<Scalars["String"]["output"]>;
  address2?: Maybe<Scalars["String"]["output"]>;
  city?: Maybe<Scalars["String"]["output"]>;
  country?: Maybe<Scalars["String"]["output"]>;
  countryCodeV2?: Maybe<Scalars["CountryCode"]["output"]>;
  firstName?: Maybe<Scalars["String"]["output"]>;
  lastName?: Maybe<Scalars["String"]["output"]>;
  phone?: Maybe<Scalars["String"]["output"]>;
  province?: Maybe<Scalars["String"]["output"]>;
  zip?: Maybe<Scalars["String"]["output"]>;
};

export type Media = {
  alt?: Maybe<Scalars["String"]["output"]>;
  id: Scalars["ID"]["output"];
  mediaContentType: MediaContentType;
  status: MediaStatus;
};

export enum MediaContentType {
  ExternalVideo = "EXTERNAL_VIDEO",
  Image = "IMAGE",
  Model_3D = "MODEL_3D",
  Video = "VIDEO",
}

export type MediaImage = Media &
  Node & {
    __typename?: "MediaImage";
    alt?: Maybe<Scalars["String"]["output"]>;
    id: Scalars["ID"]["output"];
    image?: Maybe<Image>;
    mediaContentType: MediaContentType;
    status: MediaStatus;
  };

export enum MediaStatus {
  Failed = "FAILED",
  Processing = "PROCESSING",
  Ready = "READY",
  Uploaded = "UPLOADED",
}

export type MediaUserError = {
  __typename?: "MediaUserError";
  field?: Maybe<Array<Scalars["String"]["output"]>>;
  message: Scalars["String"]["output"];
};

export type MoneyBag = {
  __typename?: "MoneyBag";
  presentmentMoney: MoneyV2;
  shopMoney: MoneyV2;
};

export type MoneyBagInput = {
  presentmentMoney?: InputMaybe<MoneyInput>;
  shopMoney: MoneyInput;
};

export type MoneyInput = {
  amount: Scalars["Decimal"]["input"];
  currencyCode: Scalars["CurrencyCode"]["input"];
};

export type MoneyV2 = {
  __typename?: "MoneyV2";
  amount: Scalars["Decimal"]["output"];
  currencyCode: Scalars["CurrencyCode"]["output"];
};

export type Mutation = {
  __typename?: "Mutation";
  fulfillmentOrderHold?: Maybe<FulfillmentOrderHoldPayload>;
  fulfillmentOrderReleaseHold?: Maybe<FulfillmentOrderReleaseHoldPayload>;
  inventorySetQuantities?: Maybe<InventorySetQuantitiesPayload>;
  orderCancel?: Maybe<OrderCancelPayload>;
  orderCreate?: Maybe<OrderCreatePayload>;
  orderDelete?: Maybe<OrderDeletePayload>;
  productCreateMedia?: Maybe<ProductCreateMediaPayload>;
  productUpdate?: Maybe<ProductUpdatePayload>;
  productVariantsBulkUpdate?: Maybe<ProductVariantsBulkUpdatePayload>;
  tagsAdd?: Maybe<TagsAddPayload>;
  tagsRemove?: Maybe<TagsRemovePayload>;
  /** Creates a theme using an external URL or for files that were previously uploaded using the stagedUploadsCreate mutation. */
  themeCreate?: Maybe<ThemeCreatePayload>;
};

export type MutationFulfillmentOrderHoldArgs = {
  fulfillmentHold: FulfillmentOrderHoldInput;
  id: Scalars["ID"]["input"];
};

export type MutationFulfillmentOrderReleaseHoldArgs = {
  externalId?: InputMaybe<Scalars["String"]["input"]>;
  holdIds?: InputMaybe<Array<Scalars["ID"]["input"]>>;
  id: Scalars["ID"]["input"];
};

export type MutationInventorySetQuantitiesArgs = {
  input: InventorySetQuantitiesInput;
};

export type MutationOrderCancelArgs = {
  notifyCustomer?: InputMaybe<Scalars["Boolean"]["input"]>;
  orderId: Scalars["ID"]["input"];
  reason: OrderCancelReason;
  restock: Scalars["Boolean"]["input"];
  staffNote?: InputMaybe<Scalars["String"]["input"]>;
};

export type MutationOrderCreateArgs = {
  options?: InputMaybe<OrderCreateOptionsInput>;
  order: OrderCreateOrderInput;
};

export type MutationOrderDeleteArgs = {
  orderId: Scalars["ID"]["input"];
};

export type MutationProductCreateMediaArgs = {
  media: Array<CreateMediaInput>;
  productId: Scalars["ID"]["input"];
};

export type MutationProductUpdateArgs = {
  product?: InputMaybe<ProductUpdateInput>;
};

export type MutationProductVariantsBulkUpdateArgs = {
  allowPartialUpdates?: InputMaybe<Scalars["Boolean"]["input"]>;
  productId: Scalars["ID"]["input"];
  variants: Array<ProductVariantsBulkInput>;
};

export type MutationTagsAddArgs = {
  id: Scalars["ID"]["input"];
  tags: Array<Scalars["String"]["input"]>;
};

export type MutationTagsRemoveArgs = {
  id: Scalars["ID"]["input"];
  tags: Array<Scalars["String"]["input"]>;
};

export type MutationThemeCreateArgs = {
  name?: InputMaybe<Scalars["String"]["input"]>;
  role?: InputMaybe<ThemeRole>;
  source: Scalars["URL"]["input"];
};

export type Node = {
  id: Scalars["ID"]["output"];
};

export type OnlineStoreTheme = {
  __typename?: "OnlineStoreTheme";
  createdAt: Scalars["DateTime"]["output"];
  id: Scalars["ID"]["output"];
  name: Scalars["String"]["output"];
  prefix: Scalars["String"]["output"];
  processing: Scalars["Boolean"]["output"];
  processingFailed: Scalars["Boolean"]["output"];
  role: ThemeRole;
  themeStoreId?: Maybe<Scalars["Int"]["output"]>;
  updatedAt: Scalars["DateTime"]["output"];
};

export type Order = Node & {
  __typename?: "Order";
  billingAddress?: Maybe<MailingAddress>;
  cancelledAt?: Maybe<Scalars["DateTime"]["output"]>;
  createdAt: Scalars["DateTime"]["output"];
  customer?: Maybe<Customer>;
  displayFinancialStatus?: Maybe<OrderDisplayFinancialStatus>;
  displayFulfillmentStatus: OrderDisplayFulfillmentStatus;
  email?: Maybe<Scalars["String"]["output"]>;
  fulfillmentOrders: FulfillmentOrderConnection;
  id: Scalars["ID"]["output"];
  lineItems: LineItemConnection;
  name: Scalars["String"]["output"];
  note?: Maybe<Scalars["String"]["output"]>;
  paymentGatewayNames: Array<Scalars["String"]["output"]>;
  phone?: Maybe<Scalars["String"]["output"]>;
  shippingAddress?: Maybe<MailingAddress>;
  tags: Array<Scalars["String"]["output"]>;
  test: Scalars["Boolean"]["output"];
  totalPriceSet: MoneyBag;
};

export type OrderFulfillmentOrdersArgs = {
  after?: InputMaybe<Scalars["String"]["input"]>;
  before?: InputMaybe<Scalars["String"]["input"]>;
  displayable?: InputMaybe<Scalars["Boolean"]["input"]>;
  first?: InputMaybe<Scalars["Int"]["input"]>;
  last?: InputMaybe<Scalars["Int"]["input"]>;
  query?: InputMaybe<Scalars["String"]["input"]>;
  reverse?: InputMaybe<Scalars["Boolean"]["input"]>;
};

export type OrderLineItemsArgs = {
  after?: InputMaybe<Scalars["String"]["input"]>;
  before?: InputMaybe<Scalars["String"]["input"]>;
  first?: InputMaybe<Scalars["Int"]["input"]>;
  last?: InputMaybe<Scalars["Int"]["input"]>;
  reverse?: InputMaybe<Scalars["Boolean"]["input"]>;
};

export type OrderCancelPayload = {
  __typename?: "OrderCancelPayload";
  job?: Maybe<Job>;
  orderCancelUserErrors: Array<OrderCancelUserError>;
};

export enum OrderCancelReason {
  Customer = "CUSTOMER",
  Declined = "DECLINED",
  Fraud = "FRAUD",
  Inventory = "INVENTORY",
  Other = "OTHER",
  Staff = "STAFF",
}

export type OrderCancelUserError = {
  __typename?: "OrderCancelUserError";
  code?: Maybe<OrderCancelUserErrorCode>;
  field?: Maybe<Array<Scalars["String"]["output"]>>;
  message: Scalars["String"]["output"];
};

export enum OrderCancelUserErrorCode {
  Invalid = "INVALID",
  NotFound = "NOT_FOUND",
  NoRefundPermission = "NO_REFUND_PERMISSION",
}

export type OrderConnection = {
  __typename?: "OrderConnection";
  nodes: Array<Order>;
  pageInfo: PageInfo;
};

export enum OrderCreateFinancialStatus {
  Authorized = "AUTHORIZED",
  Expired = "EXPIRED",
  Paid = "PAID",
  PartiallyPaid = "PARTIALLY_PAID",
  PartiallyRefunded = "PARTIALLY_REFUNDED",
  Pending = "PENDING",
  Refunded = "REFUNDED",
  Voided = "VOIDED",
}

export enum OrderCreateInputsInventoryBehavior {
  Bypass = "BYPASS",
  DecrementIgnoringPolicy = "DECREMENT_IGNORING_POLICY",
  DecrementObeyingPolicy = "DECREMENT_OBEYING_POLICY",
}

export type OrderCreateLineItemInput = {
  priceSet?: InputMaybe<MoneyBagInput>;
  quantity: Scalars["Int"]["input"];
  requiresShipping?: InputMaybe<Scalars["Boolean"]["input"]>;
  title?: InputMaybe<Scalars["String"]["input"]>;
  variantId?: InputMaybe<Scalars["ID"]["input"]>;
};

export type OrderCreateOptionsInput = {
  inventoryBehaviour?: InputMaybe<OrderCreateInputsInventoryBehavior>;
  sendFulfillmentReceipt?: InputMaybe<Scalars["Boolean"]["input"]>;
  sendReceipt?: InputMaybe<Scalars["Boolean"]["input"]>;
};

export type OrderCreateOrderInput = {
  currency?: InputMaybe<Scalars["CurrencyCode"]["input"]>;
  financialStatus?: InputMaybe<OrderCreateFinancialStatus>;
  lineItems?: InputMaybe<Array<OrderCreateLineItemInput>>;
  note?: InputMaybe<Scalars["String"]["input"]>;
  tags?: InputMaybe<Array<Scalars["String"]["input"]>>;
  test?: InputMaybe<Scalars["Boolean"]["input"]>;
};

export type OrderCreatePayload = {
  __typename?: "OrderCreatePayload";
  order?: Maybe<Order>;
  userErrors: Array<OrderCreateUserError>;
};

export type OrderCreateUserError = {
  __typename?: "OrderCreateUserError";
  code?: Maybe<OrderCreateUserErrorCode>;
  field?: Maybe<Array<Scalars["String"]["output"]>>;
  message: Scalars["String"]["output"];
};

export enum OrderCreateUserErrorCode {
  Invalid = "INVALID",
  Required = "REQUIRED",
  Taken = "TAKEN",
}

export type OrderDeletePayload = {
  __typename?: "OrderDeletePayload";
  deletedId?: Maybe<Scalars["ID"]["output"]>;
  userErrors: Array<OrderDeleteUserError>;
};

export type OrderDeleteUserError = {
  __typename?: "OrderDeleteUserError";
  code?: Maybe<OrderDeleteUserErrorCode>;
  field?: Maybe<Array<Scalars["String"]["output"]>>;
  message: Scalars["String"]["output"];
};

export enum OrderDeleteUserErrorCode {
  Invalid = "INVALID",
  NotFound = "NOT_FOUND",
}

export enum OrderDisplayFinancialStatus {
  Authorized = "AUTHORIZED",
  Expired = "EXPIRED",
  Paid = "PAID",
  PartiallyPaid = "PARTIALLY_PAID",
  PartiallyRefunded = "PARTIALLY_REFUNDED",
  Pending = "PENDING",
  Refunded = "REFUNDED",
  Voided = "VOIDED",
}

export enum OrderDisplayFulfillmentStatus {
  Fulfilled = "FULFILLED",
  InProgress = "IN_PROGRESS",
  OnHold = "ON_HOLD",
  Open = "OPEN",
  PartiallyFulfilled = "PARTIALLY_FULFILLED",
  PendingFulfillment = "PENDING_FULFILLMENT",
  RequestDeclined = "REQUEST_DECLINED",
  Restocked = "RESTOCKED",
  Scheduled = "SCHEDULED",
  Unfulfilled = "UNFULFILLED",
}

export enum OrderSortKeys {
  CreatedAt = "CREATED_AT",
  CustomerName = "CUSTOMER_NAME",
  Destination = "DESTINATION",
  FinancialStatus = "FINANCIAL_STATUS",
  FulfillmentStatus = "FULFILLMENT_STATUS",
  Id = "ID",
  OrderNumber = "ORDER_NUMBER",
  PoNumber = "PO_NUMBER",
  ProcessedAt = "PROCESSED_AT",
  Relevance = "RELEVANCE",
  TotalItemsQuantity = "TOTAL_ITEMS_QUANTITY",
  TotalPrice = "TOTAL_PRICE",
  UpdatedAt = "UPDATED_AT",
}

export type PageInfo = {
  __typename?: "PageInfo";
  endCursor?: Maybe<Scalars["String"]["output"]>;
  hasNextPage: Scalars["Boolean"]["output"];
  hasPreviousPage: Scalars["Boolean"]["output"];
  startCursor?: Maybe<Scalars["String"]["output"]>;
};

export type Product = Node & {
  __typename?: "Product";
  descriptionHtml: Scalars["String"]["output"];
  featuredImage?: Maybe<Image>;
  handle: Scalars["String"]["output"];
  id: Scalars["ID"]["output"];
  status: ProductStatus;
  title: Scalars["String"]["output"];
  variants: ProductVariantConnection;
};

export type ProductVariantsArgs = {
  after?: InputMaybe<Scalars["String"]["input"]>;
  before?: InputMaybe<Scalars["String"]["input"]>;
  first?: InputMaybe<Scalars["Int"]["input"]>;
  last?: InputMaybe<Scalars["Int"]["input"]>;
  reverse?: InputMaybe<Scalars["Boolean"]["input"]>;
};

export type ProductConnection = {
  __typename?: "ProductConnection";
  nodes: Array<Product>;
  pageInfo: PageInfo;
};

export type ProductCreateMediaPayload = {
  __typename?: "ProductCreateMediaPayload";
  media?: Maybe<Array<Media>>;
  mediaUserErrors: Array<MediaUserError>;
  product?: Maybe<Product>;
};

export enum ProductSortKeys {
  CreatedAt = "CREATED_AT",
  Id = "ID",
  InventoryTotal = "INVENTORY_TOTAL",
  ProductType = "PRODUCT_TYPE",
  PublishedAt = "PUBLISHED_AT",
  Relevance = "RELEVANCE",
  Title = "TITLE",
  UpdatedAt = "UPDATED_AT",
  Vendor = "VENDOR",
}

export enum ProductStatus {
  Active = "ACTIVE",
  Archived = "ARCHIVED",
  Draft = "DRAFT",
}

export type ProductUpdateInput = {
  descriptionHtml?: InputMaybe<Scalars["String"]["input"]>;
  handle?: InputMaybe<Scalars["String"]["input"]>;
  id?: InputMaybe<Scalars["ID"]["input"]>;
  title?: InputMaybe<Scalars["String"]["input"]>;
};

export type ProductUpdatePayload = {
  __typename?: "ProductUpdatePayload";
  product?: Maybe<Product>;
  userErrors: Array<UserError>;
};

export type ProductVariant = Node & {
  __typename?: "ProductVariant";
  availableForSale: Scalars["Boolean"]["output"];
  barcode?: Maybe<Scalars["String"]["output"]>;
  compareAtPrice?: Maybe<Scalars["Money"]["output"]>;
  id: Scalars["ID"]["output"];
  inventoryItem: InventoryItem;
  inventoryQuantity?: Maybe<Scalars["Int"]["output"]>;
  price: Scalars["Money"]["output"];
  selectedOptions: Array<SelectedOption>;
  sku?: Maybe<Scalars["String"]["output"]>;
  title: Scalars["String"]["output"];
};

export type ProductVariantConnection = {
  __typename?: "ProductVariantConnection";
  nodes: Array<ProductVariant>;
  pageInfo: PageInfo;
};

export type ProductVariantsBulkInput = {
  barcode?: InputMaybe<Scalars["String"]["input"]>;
  compareAtPrice?: InputMaybe<Scalars["Money"]["input"]>;
  id?: InputMaybe<Scalars["ID"]["input"]>;
  price?: InputMaybe<Scalars["Money"]["input"]>;
};

export type ProductVariantsBulkUpdatePayload = {
  __typename?: "ProductVariantsBulkUpdatePayload";
  product?: Maybe<Product>;
  productVariants?: Maybe<Array<ProductVariant>>;
  userErrors: Array<ProductVariantsBulkUpdateUserError>;
};

export type ProductVariantsBulkUpdateUserError = {
  __typename?: "ProductVariantsBulkUpdateUserError";
  field?: Maybe<Array<Scalars["String"]["output"]>>;
  message: Scalars["String"]["output"];
};

export type QueryRoot = {
  __typename?: "QueryRoot";
  draftOrders: DraftOrderConnection;
  fulfillmentOrder?: Maybe<FulfillmentOrder>;
  locations: LocationConnection;
  nodes: Array<Maybe<Node>>;
  order?: Maybe<Order>;
  orders: OrderConnection;
  product?: Maybe<Product>;
  products: ProductConnection;
  shop: Shop;
  /** Returns a particular theme for the shop. */
  theme?: Maybe<OnlineStoreTheme>;
};

export type QueryRootDraftOrdersArgs = {
  after?: InputMaybe<Scalars["String"]["input"]>;
  before?: InputMaybe<Scalars["String"]["input"]>;
  first?: InputMaybe<Scalars["Int"]["input"]>;
  last?: InputMaybe<Scalars["Int"]["input"]>;
  query?: InputMaybe<Scalars["String"]["input"]>;
  reverse?: InputMaybe<Scalars["Boolean"]["input"]>;
  savedSearchId?: InputMaybe<Scalars["ID"]["input"]>;
  sortKey?: InputMaybe<DraftOrderSortKeys>;
};

export type QueryRootFulfillmentOrderArgs = {
  id: Scalars["ID"]["input"];
};

export type QueryRootLocationsArgs = {
  first?: InputMaybe<Scalars["Int"]["input"]>;
  includeInactive?: InputMaybe<Scalars["Boolean"]["input"]>;
};

export type QueryRootNodesArgs = {
  ids: Array<Scalars["ID"]["input"]>;
};

export type QueryRootOrderArgs = {
  id: Scalars["ID"]["input"];
};

export type QueryRootOrdersArgs = {
  after?: InputMaybe<Scalars["String"]["input"]>;
  before?: InputMaybe<Scalars["String"]["input"]>;
  first?: InputMaybe<Scalars["Int"]["input"]>;
  last?: InputMaybe<Scalars["Int"]["input"]>;
  query?: InputMaybe<Scalars["String"]["input"]>;
  reverse?: InputMaybe<Scalars["Boolean"]["input"]>;
  sortKey?: InputMaybe<OrderSortKeys>;
};

export type QueryRootProductArgs = {
  id: Scalars["ID"]["input"];
};

export type QueryRootProductsArgs = {
  after?: InputMaybe<Scalars["String"]["input"]>;
  before?: InputMaybe<Scalars["String"]["input"]>;
  first?: InputMaybe<Scalars["Int"]["input"]>;
  last?: InputMaybe<Scalars["Int"]["input"]>;
  query?: InputMaybe<Scalars["String"]["input"]>;
  reverse?: InputMaybe<Scalars["Boolean"]["input"]>;
  sortKey?: InputMaybe<ProductSortKeys>;
};

export type QueryRootThemeArgs = {
  id: Scalars["ID"]["input"];
};

export type SelectedOption = {
  __typename?: "SelectedOption";
  name: Scalars["String"]["output"];
  value: Scalars["String"]["output"];
};

export type Shop = {
  __typename?: "Shop";
  currencyCode: Scalars["CurrencyCode"]["output"];
  ianaTimezone: Scalars["String"]["output"];
};

export type TagsAddPayload = {
  __typename?: "TagsAddPayload";
  node?: Maybe<Node>;
  userErrors: Array<UserError>;
};

export type TagsRemovePayload = {
  __typename?: "TagsRemovePayload";
  node?: Maybe<Node>;
  userErrors: Array<UserError>;
};

export type ThemeCreatePayload = {
  __typename?: "ThemeCreatePayload";
  theme?: Maybe<OnlineStoreTheme>;
  userErrors: Array<ThemeCreateUserError>;
};

export type ThemeCreateUserError = {
  __typename?: "ThemeCreateUserError";
  field?: Maybe<Array<Scalars["String"]["output"]>>;
  message: Scalars["String"]["output"];
};

export enum ThemeRole {
  Archived = "ARCHIVED",
  Demo = "DEMO",
  Development = "DEVELOPMENT",
  Locked = "LOCKED",
  Main = "MAIN",
  Unpublished = "UNPUBLISHED",
}

export type UserError = {
  __typename?: "UserError";
  field?: Maybe<Array<Scalars["String"]["output"]>>;
  message: Scalars["String"]["output"];
};
