import type { ActionFunctionArgs } from "react-router";

/**
 * A route's clientAction as the browser runs it, for a stub route's `action`: its
 * `serverAction()` is answered by `server`, which gets the form the page sent.
 */
export function withServerAction<Args>(
  clientAction: (args: Args) => Promise<unknown>,
  server: (form: FormData) => Promise<unknown>,
) {
  return async ({ request }: ActionFunctionArgs) =>
    clientAction({
      request,
      serverAction: async () => server(await request.clone().formData()),
    } as unknown as Args);
}
