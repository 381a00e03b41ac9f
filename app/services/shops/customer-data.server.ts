/**
 * The contract between privacy requests (privacy.server.ts) and the stores that keep customer data
 * (deliveries/retention.server.ts): a tiny interface module, so neither imports the other's module.
 */

export type CustomerRef = {
  id: string | null;
  email: string | null;
  phone: string | null;
  orderIds: string[];
};

/**
 * Where the app keeps customer data. Each holder can say what it holds for a customer and erase it.
 * Configuration, sessions and product links hold none; stores of order payloads add themselves here.
 */
export interface CustomerDataHolder {
  name: string;
  describe(shop: string, customer: CustomerRef): Promise<number>;
  /** What is held, item by item, where the request's record lists it (the return-risk scores and what they used). */
  list?(shop: string, customer: CustomerRef): Promise<unknown[]>;
  redact(shop: string, customer: CustomerRef): Promise<number>;
}
