import { refusalOf } from "#core/pages/page-services.ts";
import { MY_DATA_FILE } from "#app/features/account/download-my-data.tsx";
import { NEEDS_JAVASCRIPT } from "#app/features/account/account-answers.ts";
import { loginOf } from "#app/lib/forms.ts";
import { servicesContext } from "#app/load-context.ts";
import type { Route } from "./+types/account-data";

const privately = { "cache-control": "no-store", "x-robots-tag": "noindex" };

function text(status: number, body: string, headers: Record<string, string> = {}) {
  return new Response(body, {
    status,
    headers: { ...privately, ...headers, "content-type": "text/plain; charset=utf-8" },
  });
}

/** A POST, so the login is never in an address or a log. */
export async function action({ request, context }: Route.ActionArgs) {
  const login = loginOf(await request.formData());
  if (!login) return text(401, NEEDS_JAVASCRIPT);
  try {
    const data = await context.get(servicesContext).accounts.exportData(login);
    return new Response(JSON.stringify(data, null, 2), {
      headers: {
        ...privately,
        "content-type": "application/json; charset=utf-8",
        "content-disposition": `attachment; filename="${MY_DATA_FILE}"`,
      },
    });
  } catch (error) {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    const retry = refusal.retryAfterSeconds;
    return text(refusal.statusCode, refusal.message, retry ? { "retry-after": String(retry) } : {});
  }
}
