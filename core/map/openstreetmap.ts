/**
 * Links to OpenStreetMap for the contact page map: an embeddable frame (no API key, no
 * script on our side) and a plain link that opens the same place.
 */
export const OPENSTREETMAP_ORIGIN = "https://www.openstreetmap.org";

export interface MapLocation {
  latitude: number;
  longitude: number;
  zoom: number;
}

const TILE_SIZE = 256;

/**
 * The embed takes a bounding box and shows the largest whole zoom level at which the box fits
 * the frame. A box 300 × 380 pixels at `zoom` fits any frame at least 300 px wide and 400 px
 * high (the contact page's map) at `zoom`, but not at `zoom + 1`, so the frame shows `zoom`.
 */
const BOX_WIDTH_PX = 300;
const BOX_HEIGHT_PX = 380;

function toWorldPixels({ latitude, longitude, zoom }: MapLocation) {
  const world = TILE_SIZE * 2 ** zoom;
  const phi = (latitude * Math.PI) / 180;
  return {
    world,
    x: ((longitude + 180) / 360) * world,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * world,
  };
}

function fromWorldPixels(x: number, y: number, world: number) {
  const longitude = (x / world) * 360 - 180;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / world))) * 180) / Math.PI;
  return { latitude, longitude };
}

const fixed = (value: number) => value.toFixed(6);

/** The bounding box (west, south, east, north) that shows `location` at its zoom level. */
export function boundingBox(location: MapLocation) {
  const { world, x, y } = toWorldPixels(location);
  const southWest = fromWorldPixels(x - BOX_WIDTH_PX / 2, y + BOX_HEIGHT_PX / 2, world);
  const northEast = fromWorldPixels(x + BOX_WIDTH_PX / 2, y - BOX_HEIGHT_PX / 2, world);
  return {
    west: southWest.longitude,
    south: southWest.latitude,
    east: northEast.longitude,
    north: northEast.latitude,
  };
}

/** The address of OpenStreetMap's embeddable map, centred on `location` with a marker. */
export function openStreetMapEmbedUrl(location: MapLocation): string {
  const { west, south, east, north } = boundingBox(location);
  const params = new URLSearchParams({
    bbox: [west, south, east, north].map(fixed).join(","),
    layer: "mapnik",
    marker: `${fixed(location.latitude)},${fixed(location.longitude)}`,
  });
  return `${OPENSTREETMAP_ORIGIN}/export/embed.html?${params.toString()}`;
}

/** A link that opens `location` on openstreetmap.org at the same zoom, with a marker. */
export function openStreetMapLinkUrl({ latitude, longitude, zoom }: MapLocation): string {
  return `${OPENSTREETMAP_ORIGIN}/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
}
