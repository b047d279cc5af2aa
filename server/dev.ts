/** `npm start`'s server with Vite inside; Node restarts it when server/ or core/ changes. */
import middie from "@fastify/middie";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { buildContext } from "./site/load-site.ts";
import { pageCspExtras } from "./site/page-csp.ts";
import { start } from "./start.ts";

let vite: ViteDevServer | undefined;

const build = async () => {
  if (!vite) throw new Error("Vite has not started yet");
  return (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
};

const handler = createRequestHandler(build, "development");

start({
  loadSite: async () => ({
    // Nothing prerendered: every page is rendered by React Router from the source.
    files: { find: () => undefined, size: 0 },
    renderPage: async (request, context) =>
      handler(request, buildContext(await build()).pageContext(context)),
    cspExtras: pageCspExtras,
    // Vite injects its client and styles inline while developing.
    enforceCsp: false,
  }),
  async beforeRoutes(app) {
    const { createServer } = await import("vite");
    vite = await createServer({
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: "custom",
    });
    await app.register(middie);
    app.use(vite.middlewares);
    const server = vite;
    app.addHook("onClose", async () => server.close());
  },
});
