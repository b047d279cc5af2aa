import { useEffect, useRef } from "react";

/** Focus goes to the safe answer when the question appears, back to the button when it goes. */
export function useSecondPressFocus(confirming: boolean) {
  const keep = useRef<HTMLButtonElement>(null);
  const start = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (!asked.current && !confirming) return;
    asked.current = true;
    (confirming ? keep : start).current?.focus();
  }, [confirming]);
  return { keep, start };
}
