import { fileURLToPath } from "node:url";
import mdx from "@mdx-js/rollup";
import { reactRouter } from "@react-router/dev/vite";
import remarkGfm from "remark-gfm";
import { defineConfig } from "vite";
import { contentDataPlugin } from "./scripts/content-data-plugin.ts";

const apiPort = Number(process.env.API_PORT ?? 3001);

export const aliases = {
  "~core": fileURLToPath(new URL("./core", import.meta.url)),
  "~content": fileURLToPath(new URL("./content", import.meta.url)),
  "~": fileURLToPath(new URL("./app", import.meta.url)),
};

export default defineConfig({
  plugins: [
    { enforce: "pre", ...mdx({ remarkPlugins: [remarkGfm] }) },
    reactRouter(),
    contentDataPlugin(),
  ],
  resolve: { alias: aliases },
  server: {
    // `npm run dev`: the Fastify API runs beside Vite and is reached through this proxy.
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
    },
  },
  build: {
    assetsInlineLimit: 0,
  },
});
