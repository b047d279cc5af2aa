import type { ReactNode } from "react";
import { afterEach, vi } from "vitest";
import { renderRoute } from "./render-route.tsx";

/** A link's secret, as the e-mails carry it. */
export const LINK_TOKEN = "Zr4b-9Qx_2mN8pLw7tVy3kHs6dJf1cGa";

type Page<Answer> = (answer: Answer | undefined, sending: boolean) => ReactNode;

/**
 * The tests of a page an e-mailed link opens: `openLink(address)` renders the route at that
 * address, its clientAction in front of `serverAction`, the mocked server's action, which is
 * reset (and the address bar too) after each test.
 */
export function setUpLinkPage<Answer>(route: {
  path: string;
  clientAction: (args: never) => Promise<unknown>;
  /** The page, unless each test gives its own to `openLink`. */
  page?: Page<Answer>;
}) {
  const serverAction = vi.fn<(form: FormData) => Promise<Answer>>();
  afterEach(() => {
    serverAction.mockReset();
    window.history.replaceState(null, "", "/");
  });
  function openLink(address: string, page = route.page) {
    if (!page) throw new Error(`No page to render at ${route.path}`);
    renderRoute<Answer>({ ...route, address, serverAction, page });
  }
  return { serverAction, openLink };
}
