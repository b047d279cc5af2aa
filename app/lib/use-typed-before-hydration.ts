import { useEffect, type ChangeEvent, type RefObject } from "react";

type Control = HTMLInputElement | HTMLTextAreaElement;

/**
 * True when the visitor changed the control before React hydrated it. React keeps what is in
 * the field, but the component's state still holds the prerendered value, which React also
 * wrote to `defaultValue` (`defaultChecked` for a checkbox).
 */
function changedBeforeHydration(element: Control): boolean {
  if (element instanceof HTMLInputElement && ["checkbox", "radio"].includes(element.type)) {
    return element.checked !== element.defaultChecked;
  }
  return element.value !== element.defaultValue;
}

/**
 * A page that hydrates is on screen before React is (docs/decisions/012), so a visitor can
 * type into a form first. On mount this hands such a change to the control's `onChange`
 * once, so the state catches up with what is on screen and nothing typed is lost. Later
 * changes arrive through React's own events.
 */
export function useTypedBeforeHydration<E extends Control>(
  ref: RefObject<E | null>,
  onChange: ((event: ChangeEvent<E>) => void) | undefined,
) {
  useEffect(() => {
    const element = ref.current;
    if (element && onChange && changedBeforeHydration(element)) {
      onChange({ target: element, currentTarget: element } as ChangeEvent<E>);
    }
    // Once, on mount: the first render is the one that met the prerendered field.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
