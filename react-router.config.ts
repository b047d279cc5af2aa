import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/paths.ts";

export default {
  appDirectory: "app",
  // Server rendering for the routes whose HTML depends on the request (decision 011); every
  // other route is prerendered to a file that the server sends as it is.
  ssr: true,
  prerender: ({ getStaticPaths }) => prerenderPaths(getStaticPaths()),
} satisfies Config;
