import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

export interface NoticeState {
  notice?: string;
}

/**
 * A message handed over by the page that navigated here ("Success: Registration successful",
 * "Your session has ended…"). It is filled in just after the page appears, so the live region
 * that shows it is already in place and screen readers announce it; then it is dropped from the
 * history entry so a reload does not repeat it.
 */
export function useNotice(): string | null {
  const location = useLocation();
  const navigate = useNavigate();
  const incoming = (location.state as NoticeState | null)?.notice ?? null;
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!incoming) return;
    const timer = window.setTimeout(() => {
      setNotice(incoming);
      void navigate(".", { replace: true, state: null });
    }, 100);
    return () => window.clearTimeout(timer);
  }, [incoming, navigate]);

  return notice;
}
