import { formatAddress } from "#core/site-config.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import styles from "./location-map.module.css";

interface LocationMapProps {
  embedUrl: string;
  linkUrl: string;
}

// The frame gets its address after hydration, which waits for `load`: the map's tiles never
// delay the first paint. Its box is 400px high from the start, so nothing moves.
export function LocationMap({ embedUrl, linkUrl }: LocationMapProps) {
  const hydrated = useHydrated();
  return (
    <figure className={styles.map}>
      <iframe
        className={styles.frame}
        title={`Map of our studio at ${formatAddress()}`}
        src={hydrated ? embedUrl : undefined}
        loading="lazy"
        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      />
      <figcaption>
        Map not showing? <a href={linkUrl}>Open our location on OpenStreetMap</a>.
      </figcaption>
    </figure>
  );
}
