import { execFileSync } from "node:child_process";
import type { APIRequestContext, Page } from "@playwright/test";
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
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
}

/**
 * Sets products' counts through the back office's API, as a colleague would: the count is read
 * and sent as `expected`, read again if an order changed it meanwhile.
 */
export async function setStockAsStaff(
  request: APIRequestContext,
  staff: { username: string; password: string },
  counts: Readonly<Record<number, number>>,
) {
  const login = await request.post("/api/login", { data: staff });
  const headers = { authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  for (const [productId, available] of Object.entries(counts)) {
    await expect(async () => {
      const rows = (await (await request.get("/api/admin/stock", { headers })).json()) as {
        products: { productId: number; available: number | null }[];
      };
      const expected = rows.products.find((row) => row.productId === Number(productId))?.available;
      const set = await request.put(`/api/admin/stock/${productId}`, {
        headers,
        data: { available, expected: expected ?? null },
      });
      expect(set.status()).toBe(200);
    }).toPass({ timeout: 10_000 });
  }
}
