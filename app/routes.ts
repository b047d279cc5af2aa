import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { paths } from "./paths";

/** Route table of SPEC §2; paths come from app/paths.ts. */
const at = (path: string) => path.slice(1);

export default [
  index("routes/home.tsx"),
  route(at(paths.books), "routes/books.tsx"),
  route(at(paths.cyberware), "routes/cyberware.tsx"),
  route(at(paths.merchandise), "routes/merchandise.tsx"),
  route(at(paths.cart), "routes/cart.tsx"),
  route(at(paths.checkout), "routes/checkout.tsx"),
  route(at(paths.search), "routes/search.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
