import { index, route, type RouteConfig } from "@react-router/dev/routes";
import { paths } from "./paths";

/** Route table of SPEC §2; paths come from app/paths.ts. */
const at = (path: string) => path.slice(1);

export default [
  index("routes/home.tsx"),
  route(at(paths.signup), "routes/signup.tsx"),
  route(at(paths.login), "routes/login.tsx"),
  route(at(paths.account), "routes/account.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
