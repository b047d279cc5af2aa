import { cartFieldsOf } from "#core/cart/cart.ts";
import { scriptJson } from "#app/lib/script-json.ts";
import styles from "./add-to-cart-button.module.css";

interface AddToCartButtonProps {
  /** Every field given is stored with the line (SPEC §3 Cart item: the product's fields). */
  product: { id: number; type: string; name: string; variant?: string | undefined };
  /** Where the form posts when no script runs: the page as it is, filter and all. */
  formAction: string;
  /** The id of the line saying the product is out of stock: the button is disabled, described by it. */
  outOfStock?: string;
}

/**
 * Rendered by the server only (decision 030): the page script stores the line and says
 * 'Added to Cart!' for 2 s in the status region (app/features/cart/add-to-cart-forms.ts). Without
 * any script, the press reaches the page's action, which answers it.
 */
export function AddToCartButton({ product, formAction, outOfStock }: AddToCartButtonProps) {
  return (
    <form
      method="post"
      action={formAction}
      className={styles.addToCart}
      data-add-to-cart=""
      data-product-id={product.id}
    >
      <input type="hidden" name="id" value={product.id} />
      <input type="hidden" name="type" value={product.type} />
      <script
        type="application/json"
        data-cart-line=""
        dangerouslySetInnerHTML={{ __html: scriptJson(cartFieldsOf(product)) }}
      />
      <button
        type="submit"
        className={styles.button}
        disabled={outOfStock !== undefined}
        aria-describedby={outOfStock}
        // The visible words come first, so speech users can say "Add to Cart".
        aria-label={`Add to Cart: ${product.name}${
          product.type || product.variant
            ? ` (${[product.type, product.variant].filter(Boolean).join(", ")})`
            : ""
        }`}
      >
        Add to Cart
      </button>
      <p role="status" className={styles.message} />
    </form>
  );
}
