import type { ButtonHTMLAttributes, Ref } from "react";

type IntentButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  "type" | "name" | "value"
> & {
  /** What the route's action is asked to do (the form's `intent`). */
  intent: string;
  /** The intent being sent now: this button, while its own is on its way, is disabled and says so. */
  working: string;
  /** Its words while sending ("Uploading…"). */
  busyLabel: string;
  ref?: Ref<HTMLButtonElement>;
};

/** A submit button naming its action's intent, which says it is working while that is sent. */
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
