import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useRef, type ReactNode } from "react";
import { createRoutesStub, Link, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { useFocusOnNavigation } from "./focus-on-navigation.ts";

/** The layout as root.tsx has it: a header outside <main>, the page inside. */
function Layout() {
  useFocusOnNavigation();
  return (
    <>
      <nav aria-label="Main">
        <Link to="/history">History</Link>
        <Link to="/contact">Contact</Link>
      </nav>
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
    </>
  );
}

function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <h1>{title}</h1>
      {children}
    </>
  );
}

/** A page that focuses a field of its own as it opens. */
function ContactPage() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return (
    <Page title="Contact">
      <label>
        Name <input ref={field} />
      </label>
    </Page>
  );
}

function open() {
  const Stub = createRoutesStub([
    {
      Component: Layout,
      children: [
        {
          path: "/",
          Component: () => (
            <Page title="Home">
              <Link to="/history">Read our history</Link>
            </Page>
          ),
        },
        { path: "/history", Component: () => <Page title="History" /> },
        { path: "/contact", Component: ContactPage },
      ],
    },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

describe("focus after a client-side navigation", () => {
  it("stays where it is on the first page", async () => {
    open();
    await screen.findByRole("heading", { level: 1, name: "Home" });
    expect(document.body).toHaveFocus();
  });

  it("goes to the new page's heading, from a header link or a link in the page", async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole("link", { name: "Read our history" }));
    expect(await screen.findByRole("heading", { level: 1, name: "History" })).toHaveFocus();

    await user.click(screen.getByRole("link", { name: "Contact" }));
    await user.click(screen.getByRole("link", { name: "History" }));
    const heading = await screen.findByRole("heading", { level: 1, name: "History" });
    expect(heading).toHaveFocus();
    expect(heading).toHaveAttribute("tabindex", "-1");
  });

  it("leaves it where the new page put it", async () => {
    const user = userEvent.setup();
    open();
    await user.click(await screen.findByRole("link", { name: "Contact" }));
    expect(await screen.findByRole("textbox", { name: "Name" })).toHaveFocus();
  });
});
