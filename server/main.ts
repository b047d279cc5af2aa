// Unset, React and React Router load their development build, several times slower: set before
// they are imported.
process.env.NODE_ENV ??= "production";

const { loadSite } = await import("./site/load-site.ts");
const { start } = await import("./start.ts");

start({ loadSite: (config) => loadSite(config.buildDir, "production") });
export {};
