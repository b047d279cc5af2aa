import type { ButtonHTMLAttributes, Ref } from "react";

type IntentButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "name" | "value"
> & {
  intent: string;
  /** The intent being sent now: this button, while its own is on its way, is disabled and says so. */
  working: string;
  busyLabel: string;
  ref?: Ref<HTMLButtonElement>;
};

export function IntentButton({
  intent,
  working,
  busyLabel,
  children,
  ...button
}: IntentButtonProps) {
  const busy = working === intent;
  return (
    <button
      {...button}
      type="submit"
      name="intent"
      value={intent}
      disabled={button.disabled || busy}
    >
      {busy ? busyLabel : children}
    </button>
  );
}
