import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { answerFetch } from "#app/test/answer-fetch.ts";
import { DownloadMyData, MY_DATA_FILE } from "./download-my-data.tsx";

// jsdom has no object URLs and does not download; the test records what would be saved.
const saved: { name: string; href: string }[] = [];
let files: Blob[] = [];

beforeEach(() => {
  saved.length = 0;
  files = [];
  URL.createObjectURL = vi.fn((file: Blob) => {
    files.push(file);
    return `blob:test/${files.length}`;
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push({ name: this.download, href: this.href });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("DownloadMyData", () => {
  it("fetches the data with the token and saves it as kybernetes-my-data.json", async () => {
    const data = { account: { username: "ada" }, consents: [], orders: [], messages: [] };
    const fetch = answerFetch(200, data);
    render(<DownloadMyData token="member.token" onUnauthorized={() => {}} />);
    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));

    await waitFor(() => expect(screen.getByRole("status")).toHaveTextContent(MY_DATA_FILE));
    expect(saved).toEqual([{ name: "kybernetes-my-data.json", href: "blob:test/1" }]);
    expect(JSON.parse(await files[0]!.text())).toEqual(data);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("/api/account-data");
    expect(init?.headers).toMatchObject({ authorization: "Bearer member.token" });
  });

  it("ends the session on 401 and reports other failures", async () => {
    answerFetch(401, { error: { code: "unauthorized", message: "Log in again" } });
    const onUnauthorized = vi.fn();
    render(<DownloadMyData token="member.token" onUnauthorized={onUnauthorized} />);
    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalledOnce());

    vi.mocked(globalThis.fetch).mockRestore();
    answerFetch(500, { error: { code: "internal_error", message: "x" } });
    await userEvent.click(screen.getByRole("button", { name: "Download my data" }));
    await waitFor(() =>
      expect(screen.getByRole("alert")).toHaveTextContent("Failed to download your data."),
    );
    expect(saved).toEqual([]);
  });
});
