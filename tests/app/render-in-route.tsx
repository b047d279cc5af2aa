import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createRoutesStub } from "react-router";

/**
 * Renders a form component on a route of its own (a <Form> needs a router), and records what
 * each submission sends to the route's action, which answers `answer`.
 */
export function renderInRoute(element: () => ReactElement, answer: unknown = null) {
  const sent: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: "/account",
      Component: element,
      action: async ({ request }) => {
        sent.push(await request.formData());
        return answer;
      },
    },
  ]);
  render(<Stub initialEntries={["/account"]} />);
  return sent;
}
