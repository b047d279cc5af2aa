import { formatAddress } from "#core/site-config.ts";
import { useHydrated } from "#app/lib/use-hydrated.ts";
import styles from "./location-map.module.css";

interface LocationMapProps {
  /** The embeddable map's address (core/map/openstreetmap.ts). */
  embedUrl: string;
  /** The same place on the map site, for when the frame cannot load. */
  linkUrl: string;
}

/**
 * SPEC §2: a map 400px high centred on the studio at zoom 15. An OpenStreetMap frame needs no
 * key and no script of ours; the link below it opens the same place when the frame cannot load.
 * The frame gets its address only after hydration, which itself waits for the page's `load`
 * event: the map site's own work (tiles, scripts) then never delays the page's first paint.
 * Its box is 400px high from the start, so nothing moves when it fills in.
 */
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
