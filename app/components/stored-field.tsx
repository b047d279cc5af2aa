/** Filled by the page script as the form is sent, so the form works before hydration. */
export function StoredField({ stored }: { stored: "authToken" | "cart" }) {
  return <input type="hidden" name={stored} data-stored={stored} defaultValue="" />;
}
