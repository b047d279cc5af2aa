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
  reasonId?: string | undefined;
  /** A form posting here, so a press before hydration is not lost. */
  formAction?: string | undefined;
  addedOnServer?: { id: number; type: string } | undefined;
}

/** Lines the server answered for, added once each (React may run an effect twice in dev). */
const addedAnswers = new WeakSet<object>();

/** SPEC §2/§4: 'Added to Cart!' for 2 seconds in a status region, so it is announced. */
export function AddToCartButton({
  product,
  disabled = false,
  reasonId,
  formAction,
  addedOnServer,
}: AddToCartButtonProps) {
  const [added, showAdded] = useAddedMessage();
  // The server never sees the cart: a press it answered is stored here once the script runs.
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
