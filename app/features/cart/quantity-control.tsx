import { useState } from "react";
import styles from "./quantity-control.module.css";

export interface QuantityControlProps {
  name: string;
  quantity: number;
  /** The most this line may hold; 0 when the product is out (the control only goes down). */
  most: number;
  /** The line's limit text, when one is shown. */
  describedBy?: string | undefined;
  onChange(quantity: number): void;
}

/**
 * − / number / + for one cart line (issue 37). The number is kept as typed until it is a whole
 * number of at least one, then goes to the cart; above `most` it is said next to the line,
 * never silently cut. A step at its end is aria-disabled, not disabled, so focus stays on it.
 */
export function QuantityControl({
  name,
  quantity,
  most,
  describedBy,
  onChange,
}: QuantityControlProps) {
  const [typed, setTyped] = useState<string | undefined>(undefined);
  return (
    <div className={styles.control} role="group" aria-label={`Quantity of ${name}`}>
      <button
        type="button"
        className={styles.step}
        aria-label={`One fewer ${name}`}
        aria-disabled={quantity <= 1}
        onClick={() => {
          if (quantity <= 1) return;
          setTyped(undefined);
          onChange(quantity - 1);
        }}
      >
        −
      </button>
      <input
        className={styles.number}
        type="number"
        inputMode="numeric"
        min={1}
        max={Math.max(1, most)}
        step={1}
        aria-label={`Quantity of ${name}`}
        aria-describedby={describedBy}
        value={typed ?? String(quantity)}
        onChange={(event) => {
          const text = event.target.value;
          setTyped(text);
          const value = Number(text);
          if (text !== "" && Number.isInteger(value) && value >= 1) onChange(value);
        }}
        onBlur={() => setTyped(undefined)}
      />
      <button
        type="button"
        className={styles.step}
        aria-label={`One more ${name}`}
        aria-describedby={describedBy}
        aria-disabled={quantity >= most}
        onClick={() => {
          if (quantity >= most) return;
          setTyped(undefined);
          onChange(quantity + 1);
        }}
      >
        +
      </button>
    </div>
  );
}
