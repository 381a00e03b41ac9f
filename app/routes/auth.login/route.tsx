import { useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppProvider as PolarisAppProvider, Button, Card, FormLayout, Page, Text, TextField } from "@shopify/polaris";
import polarisTranslations from "@shopify/polaris/locales/en.json";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { LoginErrorType } from "@shopify/shopify-app-remix/server";
import { AppError, BODY_LIMITS, errorResponse, readLimitedBody, tooLargeMessage } from "../../lib/http.server";
import { login } from "../../shopify.server";

export const links = () => [{ rel: "stylesheet", href: polarisStyles }];

function loginErrorMessage(errors: Awaited<ReturnType<typeof login>> | undefined) {
  if (!errors || errors instanceof Response) return {};
  if (errors.shop === LoginErrorType.MissingShop) return { shop: "Please enter your shop domain to log in" };
  if (errors.shop === LoginErrorType.InvalidShop) return { shop: "Please enter a valid shop domain to log in" };
  return {};
}

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const errors = loginErrorMessage(await login(request));
  return { errors, polarisTranslations };
};

export const action = async ({ request }: ActionFunctionArgs) => {
  // The library reads the whole form; a shop domain fits in the smallest body limit (docs/decisions/073).
  let body: string;
  try {
    body = new TextDecoder().decode(
      await readLimitedBody(request, BODY_LIMITS.none, tooLargeMessage(BODY_LIMITS.none)),
    );
  } catch (error) {
    if (error instanceof AppError) throw errorResponse(error);
    throw error;
  }
  const errors = loginErrorMessage(await login(new Request(request, { body })));
  return { errors };
};

export default function Auth() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [shop, setShop] = useState("");
  const { errors } = actionData || loaderData;

  return (
    <PolarisAppProvider i18n={loaderData.polarisTranslations}>
      <Page>
        <Card>
          <Form method="post">
            <FormLayout>
              <Text variant="headingMd" as="h2">
                Log in
              </Text>
              <TextField
                type="text"
                name="shop"
                label="Shop domain"
                helpText="example.myshopify.com"
                value={shop}
                onChange={setShop}
                autoComplete="on"
                error={errors.shop}
              />
              <Button submit>Log in</Button>
            </FormLayout>
          </Form>
        </Card>
      </Page>
    </PolarisAppProvider>
  );
}
