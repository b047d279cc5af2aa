/** An embeddable frame: no API key, no script on our side. */
export const OPENSTREETMAP_ORIGIN = "https://www.openstreetmap.org";

export interface MapLocation {
  latitude: number;
  longitude: number;
  zoom: number;
}

const TILE_SIZE = 256;

// The embed picks the largest zoom at which the box fits the frame: a 300 × 380 px box gives
// `zoom` in any frame of at least 300 × 400 px (the contact page's map).
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

export function openStreetMapEmbedUrl(location: MapLocation): string {
  const { west, south, east, north } = boundingBox(location);
  const params = new URLSearchParams({
    bbox: [west, south, east, north].map(fixed).join(","),
    layer: "mapnik",
    marker: `${fixed(location.latitude)},${fixed(location.longitude)}`,
  });
  return `${OPENSTREETMAP_ORIGIN}/export/embed.html?${params.toString()}`;
}

export function openStreetMapLinkUrl({ latitude, longitude, zoom }: MapLocation): string {
  return `${OPENSTREETMAP_ORIGIN}/?mlat=${latitude}&mlon=${longitude}#map=${zoom}/${latitude}/${longitude}`;
}
