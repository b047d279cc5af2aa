import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";

export interface NoticeState {
  notice?: string;
}

/** Filled in after the page appears so the live region announces it; then dropped from history. */
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
