import sharp, { type Metadata } from "sharp";
import {
  PICTURE_INPUT_FORMATS,
  PICTURE_LIMITS,
  widthsFor,
  type PictureFormat,
} from "#core/catalog/pictures.ts";

export class PictureRefused extends Error {
  override name = "PictureRefused";
  constructor(
    readonly code: "not_a_picture" | "picture_too_large" | "picture_too_many_pixels",
    message: string,
  ) {
    super(message);
  }
}

export interface PictureFile {
  format: PictureFormat;
  width: number;
  height: number;
  bytes: Buffer;
}

export interface PreparedPicture {
  /** The original's size, upright. */
  width: number;
  height: number;
  files: PictureFile[];
}

const TAKEN = new Set<string>(PICTURE_INPUT_FORMATS);

export const tooLarge = () =>
  new PictureRefused(
    "picture_too_large",
    `The picture is larger than ${PICTURE_LIMITS.bytesMax / (1024 * 1024)} MB: send a smaller one.`,
  );

const notAPicture = () =>
  new PictureRefused(
    "not_a_picture",
    "The file is not a picture the shop can use: send a JPEG, PNG, WebP, AVIF or GIF.",
  );

// By bytes, never name or type; metadata dropped (EXIF can hold where a photo was taken). The
// header's size is judged before decoding, so a decompression bomb never gets its memory.
export async function preparePicture(bytes: Buffer): Promise<PreparedPicture> {
  if (bytes.length > PICTURE_LIMITS.bytesMax) throw tooLarge();
  const options = { limitInputPixels: PICTURE_LIMITS.pixelsMax, failOn: "error" } as const;
  let metadata: Metadata;
  try {
    // Only the header is read here; the pixel count is judged below, with its own message.
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAPicture();
  }
  if (!TAKEN.has(metadata.format) || !metadata.width || !metadata.height) throw notAPicture();
  if (metadata.width * metadata.height > PICTURE_LIMITS.pixelsMax) {
    throw new PictureRefused(
      "picture_too_many_pixels",
      `The picture is ${metadata.width} × ${metadata.height} pixels, more than the ${PICTURE_LIMITS.pixelsMax / 1_000_000} million the shop takes: send a smaller one.`,
    );
  }
  // EXIF orientations 5–8 turn the picture a quarter: its width is the stored height.
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  try {
    const upright = sharp(bytes, options).rotate();
    const files = await Promise.all(
      widthsFor(width).flatMap((target) =>
        (["avif", "webp"] as const).map(async (format) => {
          const resized = upright.clone().resize({ width: target, withoutEnlargement: true });
          const encoded =
            format === "avif"
              ? resized.avif({ quality: 55, effort: 4 })
              : resized.webp({ quality: 80 });
          const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
          return { format, width: target, height: info.height, bytes: data };
        }),
      ),
    );
    return { width, height, files };
  } catch {
    // The header was fine but the pixels are not (a truncated or corrupt file).
    throw notAPicture();
  }
}
