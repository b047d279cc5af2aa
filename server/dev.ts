import { start } from "./start";

// `npm run dev`: the API only; Vite serves the pages with hot reload.
start({ serveSite: false });
