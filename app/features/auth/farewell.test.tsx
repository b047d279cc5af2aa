import { render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { farewellPath, FarewellNotice } from "./farewell.tsx";

function renderAt(entry: string) {
  const Stub = createRoutesStub([{ path: "/", Component: FarewellNotice }]);
  render(<Stub initialEntries={[entry]} />);
  return screen.getByRole("status");
}

describe("FarewellNotice", () => {
  it.each([
    ["logged-out", "You have logged out."],
    ["logged-out-everywhere", "You are logged out on every device."],
    ["account-deleted", "Your account has been deleted."],
  ] as const)("says %s worked", (farewell, text) => {
    expect(renderAt(farewellPath(farewell))).toHaveTextContent(text);
  });

  it("says nothing for no notice, or one it does not know", () => {
    expect(renderAt("/")).toBeEmptyDOMElement();
  });

  it("says nothing for a made-up notice", () => {
    expect(renderAt("/?notice=toString")).toBeEmptyDOMElement();
  });
});
