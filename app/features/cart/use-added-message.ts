import { useCallback, useEffect, useRef, useState } from "react";

/** SPEC §9: 'Added to Cart!' stays for 2000 ms. */
export const ADDED_MESSAGE_MS = 2000;

export function useAddedMessage(): [visible: boolean, show: () => void] {
  const [visible, setVisible] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const show = useCallback(() => {
    clearTimeout(timer.current);
    setVisible(true);
    timer.current = setTimeout(() => setVisible(false), ADDED_MESSAGE_MS);
  }, []);

  return [visible, show];
}
