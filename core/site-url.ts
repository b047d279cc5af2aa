export const DEFAULT_SITE_URL = "https://kybernetes.com.au";

export function siteUrl(env: Record<string, string | undefined>): string {
  return (env.SITE_URL?.trim() || DEFAULT_SITE_URL).replace(/\/+$/, "");
}
