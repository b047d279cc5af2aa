import { existsSync } from "node:fs";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

/** The installed Chromium the browser tests drive; they never download a browser. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.CHROME_PATH) return existsSync(env.CHROME_PATH) ? env.CHROME_PATH : undefined;
  return CANDIDATES.find((candidate) => existsSync(candidate));
}

export const CHROMIUM_INSTALL_HINT =
  "No Chromium found for the browser tests. Install it with:\n" +
  "  sudo apt-get update && sudo apt-get install -y chromium\n" +
  "or point CHROME_PATH at an installed Chromium or Chrome binary.";

/**
 * Flags for the installed Chromium in tests and the bench: no sandbox (CI runs as root), and
 * none of the background connections a closed network would refuse.
 */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
