/**
 * `npm run dev`: the Vite dev server (hot reload of the front end, on PORT or 5173) and the
 * Fastify API (restarted on change, on API_PORT or 3001) together. Vite proxies /api.
 * Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
const env = { ...process.env, API_PORT: apiPort };

const children: ChildProcess[] = [
  spawn("node", ["--import", "tsx", "--watch", "server/dev.ts"], {
    stdio: "inherit",
    env: { ...env, PORT: apiPort, HOST: "127.0.0.1" },
  }),
  spawn("npx", ["react-router", "dev", "--port", process.env.PORT ?? "5173"], {
    stdio: "inherit",
    env,
  }),
];

function stop(code: number) {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}

for (const child of children) {
  child.on("exit", (code) => stop(code ?? 0));
}
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
