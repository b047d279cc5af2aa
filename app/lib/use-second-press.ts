import { useEffect, useRef } from "react";

/**
 * Focus for a change asked twice ("Retire", then "Yes, retire it" / "Keep it"): when the
 * question appears, focus goes to its safe answer (`keep`); when it goes, back to the button
 * that asked (`start`). Nothing moves on the first render.
 */
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
