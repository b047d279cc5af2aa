import { Link } from "react-router";
import { paths } from "#app/paths.ts";

export function NotFoundScreen() {
  return (
    <section aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page not found</h1>
      <p>
        <strong>Error 404</strong>
      </p>
      <p>
        The page you are looking for doesn&apos;t exist. Use the search bar at the top of the page
        to find what you need, or start again from the <Link to={paths.home}>home page</Link>.
      </p>
    </section>
  );
}
