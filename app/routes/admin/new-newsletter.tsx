import { Link, redirect, useNavigation } from "react-router";
import type {
  AdminNewsletter,
  NewsletterPreview as Preview,
} from "#core/admin/newsletter-schemas.ts";
import { FeedbackMessage } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { adminMeta } from "#app/features/admin/admin-meta.ts";
import { checkedNewsletter, NewsletterForm } from "#app/features/admin/newsletter-form.tsx";
import { NewsletterPreview, useLivePreview } from "#app/features/admin/newsletter-preview.tsx";
import { staffApi } from "#app/features/admin/staff-api.ts";
import { clearToken, currentToken } from "#app/features/auth/auth-store.ts";
import { ApiError } from "#app/lib/api-client.ts";
import { adminNewsletterPath, adminPaths } from "#app/paths.ts";
import type { Route } from "./+types/new-newsletter";

export const meta = () => adminMeta("New newsletter");

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  staffApi(request, currentToken(), clearToken);
  return null;
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p role="status">Opening the form…</p>;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const api = staffApi(request, currentToken(), clearToken);
  const form = await request.formData();
  const checked = checkedNewsletter(form);
  if (!checked.ok) {
    return {
      ok: false as const,
      message: "Check the fields marked below.",
      fields: checked.fields,
    };
  }
  try {
    if (form.get("intent") === "preview") {
      return {
        ok: true as const,
        message: "The preview below shows the newsletter. It is not saved yet.",
        preview: await api.send<Preview>("POST", "/newsletters/preview", checked.draft),
      };
    }
    const created = await api.send<AdminNewsletter>("POST", "/newsletters", checked.draft);
    return redirect(adminNewsletterPath(created.id));
  } catch (error) {
    if (error instanceof ApiError) {
      return { ok: false as const, message: error.message, fields: error.fields };
    }
    throw error;
  }
}

export default function AdminNewNewsletter({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const live = useLivePreview();
  const preview = live.preview ?? (actionData?.ok ? actionData.preview : undefined);
  return (
    <article aria-labelledby="new-newsletter-title" className={formStyles.page}>
      <p>
        <Link to={adminPaths.newsletters}>← All newsletters</Link>
      </p>
      <h1 id="new-newsletter-title">New newsletter</h1>
      <p>Save it as a draft first: its page then sends a test to you.</p>
      <FeedbackMessage
        feedback={
          actionData
            ? { kind: actionData.ok ? "success" : "error", text: actionData.message }
            : null
        }
      />
      <NewsletterForm
        fields={actionData?.ok === false ? actionData.fields : {}}
        onChange={live.onChange}
      >
        <div className={formStyles.actions}>
          <button
            type="submit"
            name="intent"
            value="save"
            className={formStyles.primary}
            disabled={navigation.state === "submitting"}
          >
            Save draft
          </button>
          <button
            type="submit"
            name="intent"
            value="preview"
            className={formStyles.secondary}
            disabled={navigation.state === "submitting"}
          >
            Preview
          </button>
        </div>
      </NewsletterForm>
      <NewsletterPreview preview={preview} live={live} />
    </article>
  );
}
