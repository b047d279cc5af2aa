import { spawnSync } from "node:child_process";
import { CHROMIUM_INSTALL_HINT, findChromium } from "./find-chromium.ts";

if (!findChromium()) {
  console.error(CHROMIUM_INSTALL_HINT);
  process.exit(1);
}

const result = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], {
  stdio: "inherit",
});
process.exit(result.status ?? 1);
