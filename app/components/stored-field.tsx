/**
 * A hidden field the page script fills, as the form is sent, with what this browser keeps:
 * the login (`authToken`) or the cart. The form's action reads it on the server, so the form
 * works before the page has hydrated (app/layout/page-script.ts, app/lib/forms.ts).
 */
export function StoredField({ stored }: { stored: "authToken" | "cart" }) {
  return <input type="hidden" name={stored} data-stored={stored} defaultValue="" />;
}
