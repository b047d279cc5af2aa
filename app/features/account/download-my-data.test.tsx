import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderInRoute } from "#tests/app/render-in-route.tsx";
import { DownloadMyData } from "./download-my-data.tsx";

describe("DownloadMyData", () => {
  it("is a plain form posting the stored login to the file's own address", () => {
    renderInRoute(() => <DownloadMyData />);
    const form = screen.getByRole("button", { name: "Download my data" }).closest("form");
    expect(form).toHaveAttribute("method", "post");
    expect(form).toHaveAttribute("action", "/account-data");
    expect(form?.querySelector('[name="authToken"]')).toHaveValue("");
  });
});
