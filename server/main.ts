import { loadSite } from "./site/load-site.ts";
import { start } from "./start.ts";

// `npm start` / `npm run serve`: the API and the built site.
start({ loadSite: (config) => loadSite(config.buildDir, "production") });
