/**
 * The server as `npm start` runs it, without a site beside the API: for tests that start
 * whole server processes (several instances on one database) before anything is built.
 */
import { start } from "../../server/start.ts";

start({
  loadSite: async () => ({
    files: { find: () => undefined, size: 0 },
    renderPage: async () => new Response("No site in this test server", { status: 404 }),
  }),
});
