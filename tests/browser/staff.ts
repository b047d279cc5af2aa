import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { expect, test as base, waitForHydration } from "./fixtures.ts";
import { createUser } from "./users.ts";

/**
 * `npm run staff -- add <username>` as an operator types it, while the test server runs on its
 * embedded database: the command reaches the server through the data folder's socket.
 */
export function makeStaff(username: string) {
  const output = execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/staff.ts", "add", username],
    { env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR ?? "", DATABASE_URL: "" } },
  ).toString();
  expect(output).toContain(`${username} is now staff`);
}

/**
 * One staff account per worker, made as an operator would (signed up, then `npm run staff`):
 * sign-ups are limited per address, and every test here comes from the same one.
 */
export const test = base.extend<object, { staff: { username: string; password: string } }>({
  staff: [
    async ({ playwright }, use, workerInfo) => {
      const request = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      const staff = await createUser(request, "staff");
      await request.dispose();
      makeStaff(staff.username);
      await use(staff);
    },
    { scope: "worker" },
  ],
});

export async function logInAsStaff(page: Page, staff: { username: string; password: string }) {
  await page.goto("/admin");
  await expect(page).toHaveURL("/login?next=%2Fadmin");
  await waitForHydration(page);
  await expect(page.getByText("Log in with your staff account")).toBeVisible();
  await page.getByLabel("Username").fill(staff.username);
  await page.getByLabel("Password", { exact: true }).fill(staff.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
}
