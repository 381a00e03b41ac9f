import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { login } from "../../shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  if (url.searchParams.get("shop")) throw redirect(`/app?${url.searchParams.toString()}`);
  return { showForm: Boolean(login) };
};

export default function Index() {
  const { showForm } = useLoaderData<typeof loader>();
  return (
    <main style={{ fontFamily: "Inter, system-ui, sans-serif", maxWidth: 640, margin: "4rem auto", padding: "0 1rem" }}>
      <h1>Order automation connector</h1>
      <p>
        Every new order reaches your automation flow within seconds, exactly once, and the outcome comes back to the
        order as tags. Link your supplier&apos;s products to your store and install your theme from one place.
      </p>
      {showForm && (
        <Form method="post" action="/auth/login">
          <label>
            <span>Shop domain</span> <input type="text" name="shop" placeholder="my-shop.myshopify.com" />
          </label>{" "}
          <button type="submit">Log in</button>
        </Form>
      )}
    </main>
  );
}
