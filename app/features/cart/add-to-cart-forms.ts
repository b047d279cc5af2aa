// Add to Cart on the pages that load no framework (decision 030), in the page script: the line is
// stored with core's addToCart, as the React cart store would, and said for 2 s in the form's
// status region. A press the script cannot store goes to the page's action, which answers it.
import { ADDED_MESSAGE, ADDED_MESSAGE_MS, addToCart, parseCart } from "#core/cart/cart.ts";

export interface CartStorage {
  read(): string | null;
  write(value: string): void;
}

/** The product's fields as the card holds them (`<script type="application/json">` in the form). */
function lineOf(form: HTMLFormElement): { id: number; type: string } | undefined {
  try {
    const line = JSON.parse(form.querySelector("script[data-cart-line]")?.textContent ?? "");
    return typeof line?.id === "number" && typeof line.type === "string" ? line : undefined;
  } catch {
    return undefined;
  }
}

const hideTimers = new WeakMap<HTMLFormElement, ReturnType<typeof setTimeout>>();

function sayAdded(form: HTMLFormElement) {
  const status = form.querySelector("[role=status]");
  if (!status) return;
  clearTimeout(hideTimers.get(form));
  status.textContent = ADDED_MESSAGE;
  hideTimers.set(
    form,
    setTimeout(() => (status.textContent = ""), ADDED_MESSAGE_MS),
  );
}

/** Handles a submit event if it is an Add to Cart form's; `stored` runs once the cart is saved. */
export function addToCartOnSubmit(event: Event, storage: CartStorage, stored: () => void) {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute("data-add-to-cart")) return;
  const line = lineOf(form);
  if (!line) return;
  try {
    storage.write(JSON.stringify(addToCart(parseCart(storage.read()), line)));
  } catch {
    // Storage refused (privacy mode, full): the action says the cart needs it.
    return;
  }
  event.preventDefault();
  stored();
  sayAdded(form);
}
