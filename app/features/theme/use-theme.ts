import { useEffect } from "react";
import { applyTheme, themeStore, type Theme } from "./theme-store";

/** The active theme; keeps <html data-theme> in step when another tab changes it. */
export function useTheme(): Theme {
  const theme = themeStore.use();
  useEffect(() => {
    applyTheme(theme);
  }, [theme]);
  return theme;
}
