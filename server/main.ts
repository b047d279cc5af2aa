// `npm start` / `npm run serve`: the API and the built site.
//
// React and React Router choose their production build by NODE_ENV as they load; unset, a
// server render runs their development build, several times slower (as react-router-serve
// does, production is the default here). Set before they are imported, hence the imports below.
process.env.NODE_ENV ??= "production";

const { loadSite } = await import("./site/load-site.ts");
const { start } = await import("./start.ts");

start({ loadSite: (config) => loadSite(config.buildDir, "production") });
export {};
