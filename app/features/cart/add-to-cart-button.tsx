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
}

/**
 * SPEC §2/§4: adds the product, then shows 'Added to Cart!' for 2 seconds in a status region
 * so screen readers announce it too.
 */
export function AddToCartButton({ product, disabled = false, reasonId }: AddToCartButtonProps) {
  const [added, showAdded] = useAddedMessage();
  return (
    <div className={styles.addToCart}>
      <button
        type="button"
        className={styles.button}
        disabled={disabled}
        aria-describedby={disabled ? reasonId : undefined}
        // The visible words come first, so speech users can say "Add to Cart".
        aria-label={`Add to Cart: ${product.name}${product.type ? ` (${product.type})` : ""}`}
        onClick={() => {
          addProductToCart(product);
          showAdded();
        }}
      >
        Add to Cart
      </button>
      <p role="status" className={styles.message}>
        {added ? "Added to Cart!" : ""}
      </p>
    </div>
  );
}
