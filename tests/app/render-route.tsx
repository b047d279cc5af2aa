import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { createRoutesStub, useActionData, useNavigation } from "react-router";
import type { Mock } from "vitest";

interface Options<Answer> {
  /** The route's path pattern. */
  path: string;
  /** The address opened, query and fragment included (the browser's address bar gets it too). */
  address: string;
  /** The route's clientAction, as React Router calls it. */
  clientAction: (args: never) => Promise<unknown>;
  /** Stands in for the server's action: called with the form that reached it. */
  serverAction: Mock<(form: FormData) => Promise<Answer>>;
  /** The page, given the action's answer and whether a press is on its way. */
  page: (answer: Answer | undefined, sending: boolean) => ReactNode;
}

/**
 * Renders a route's page with its clientAction in front of a stand-in for the server's action,
 * as the browser runs them once hydrated.
 */
export function renderRoute<Answer>({
  path,
  address,
  clientAction,
  serverAction,
  page,
}: Options<Answer>) {
  window.history.replaceState(null, "", address);
  const url = new URL(address, "http://site");
  function Page() {
    const answer = useActionData() as Answer | undefined;
    const navigation = useNavigation();
    return <>{page(answer, navigation.state === "submitting")}</>;
  }
  const send = clientAction as (args: {
    request: Request;
    serverAction: () => Promise<Answer>;
  }) => Promise<unknown>;
  const Stub = createRoutesStub([
    {
      path,
      Component: Page,
      action: async ({ request }) =>
        send({
          request,
          serverAction: async () => serverAction(await request.clone().formData()),
        }),
    },
  ]);
  render(<Stub initialEntries={[url.pathname + url.search]} />);
}
