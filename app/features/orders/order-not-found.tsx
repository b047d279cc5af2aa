import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { paths } from "#app/paths.ts";

export function OrderNotFound() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section aria-labelledby="order-error-title">
      <h1 id="order-error-title">
        {missing ? "We couldn't find that order" : "Your order could not be loaded"}
      </h1>
      {missing ? (
        <p>
          Open it from the link in your order e-mail, or <Link to={paths.login}>log in</Link> to see
          the orders of your account.
        </p>
      ) : (
        <p>Please check your connection and reload the page.</p>
      )}
      <p>
        Questions? <Link to={paths.contactUs}>Contact us</Link> with your order number.
      </p>
    </section>
  );
}
