import { useEffect } from "react";
import { StoredField } from "#app/components/stored-field.tsx";
import { addProductToCart } from "./cart-store.ts";
import { useAddedMessage } from "./use-added-message.ts";
import styles from "./add-to-cart-button.module.css";

interface AddToCartButtonProps {
  /** Every field of the product is stored with the line (SPEC §3 Cart item). */
  product: { id: number; type: string; name: string };
  /** Out of stock: a real disabled button, in place and still named Add to Cart. */
  disabled?: boolean;
  /** The id of the visible reason it is disabled ("Out of stock"), read with the button. */
  reasonId?: string | undefined;
  /**
   * The page's own address: the button is then a form posting there, so a press before the
   * page has hydrated is not lost (the route's action answers with `addedOnServer`).
   */
  formAction?: string | undefined;
  /** The route's action answered a press made before hydration: the line to add now. */
  addedOnServer?: { id: number; type: string } | undefined;
}

/** Lines the server answered for, added once each (React may run an effect twice in dev). */
const addedAnswers = new WeakSet<object>();

/**
 * SPEC §2/§4: adds the product, then shows 'Added to Cart!' for 2 seconds in a status region
 * so screen readers announce it too.
 */
export function AddToCartButton({
  product,
  disabled = false,
  reasonId,
  formAction,
  addedOnServer,
}: AddToCartButtonProps) {
  const [added, showAdded] = useAddedMessage();
  // The cart is in this browser's storage, which the server never sees: a press answered by
  // the server is stored here, once the page's script runs.
  useEffect(() => {
    if (!addedOnServer || addedAnswers.has(addedOnServer)) return;
    addedAnswers.add(addedOnServer);
    addProductToCart(addedOnServer);
  }, [addedOnServer]);
  const button = (
    <button
      type={formAction ? "submit" : "button"}
      className={styles.button}
      disabled={disabled}
      aria-describedby={disabled ? reasonId : undefined}
      // The visible words come first, so speech users can say "Add to Cart".
      aria-label={`Add to Cart: ${product.name}${product.type ? ` (${product.type})` : ""}`}
      onClick={(event) => {
        event.preventDefault();
        addProductToCart(product);
        showAdded();
      }}
    >
      Add to Cart
    </button>
  );
  const message = (
    <p role="status" className={styles.message}>
      {added || addedOnServer ? "Added to Cart!" : ""}
    </p>
  );
  if (!formAction) {
    return (
      <div className={styles.addToCart}>
        {button}
        {message}
      </div>
    );
  }
  return (
    <form method="post" action={formAction} className={styles.addToCart}>
      <input type="hidden" name="id" value={product.id} />
      <input type="hidden" name="type" value={product.type} />
      {/* Filled by the page script: empty only where no script runs at all. */}
      <StoredField stored="cart" />
      {button}
      {message}
    </form>
  );
}
