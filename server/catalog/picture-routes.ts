import type { FastifyBaseLogger } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import sharp from "sharp";
import { isShopPicture, parsePictureAddress, SHARING_PICTURE } from "#core/catalog/pictures.ts";
import { z } from "#core/validation/zod.ts";
import type { LiveCatalogue } from "./live-catalogue.ts";
import { readPictureFile } from "./product-pictures.ts";
import type { Db } from "../db/client.ts";
import { cachedBody, etagMatches } from "../http/cached-body.ts";
import { errorBody } from "../http/http-errors.ts";

/** Sharing pictures kept, by slug; all are dropped when the catalogue changes. */
const KEPT_SHARING_PICTURES = 200;

const CONTENT_TYPES = { webp: "image/webp", avif: "image/avif" } as const;

export interface PictureRouteOptions {
  db: Db;
  catalogue: LiveCatalogue;
  siteFile?: ((path: string) => Buffer | undefined) | undefined;
}

/** Sharing pictures are JPEG: social networks preview neither SVG nor AVIF. */
export const pictureRoutes: FastifyPluginAsyncZod<PictureRouteOptions> = async (
  app,
  { db, catalogue, siteFile },
) => {
  const notFound = (what: string) => errorBody("not_found", `There is no such ${what}.`);

  app.get(
    "/pictures/:file",
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().max(40) }),
      },
    },
    async (request, reply) => {
      const address = parsePictureAddress(`/pictures/${request.params.file}`);
      const bytes = address
        ? await readPictureFile(db, address.id, address.width, address.format)
        : undefined;
      if (!address || !bytes) return reply.code(404).send(notFound("picture"));
      // A picture's id is never reused and its files never change: cached for good.
      return reply
        .header("content-type", CONTENT_TYPES[address.format])
        .header("cache-control", "public, max-age=31536000, immutable")
        .send(bytes);
    },
  );

  const kept = new Map<string, ReturnType<typeof cachedBody>>();
  catalogue.onChange(() => kept.clear());

  /** Never another file of the site: a list written before pictures were checked may name one. */
  async function sourceOf(src: string): Promise<Buffer | undefined> {
    if (!isShopPicture(src)) return undefined;
    const address = parsePictureAddress(src);
    if (address) return readPictureFile(db, address.id, address.width, "webp");
    return siteFile?.(src);
  }

  async function sharingPicture(src: string, log: FastifyBaseLogger) {
    const source = await sourceOf(src);
    if (!source) return undefined;
    try {
      // An SVG is drawn at four times its size, so it is sharp when enlarged.
      const jpeg = await sharp(source, { density: 288, limitInputPixels: 50_000_000 })
        .resize({ ...SHARING_PICTURE, fit: "contain", background: "#ffffff" })
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      return cachedBody(jpeg, false);
    } catch (error) {
      // A file named like a picture that is none (or a broken one): no picture, not a 500.
      log.warn({ src, err: error }, "a product's first picture could not be read");
      return undefined;
    }
  }

  app.get(
    "/pictures/sharing/:file",
    {
      schema: {
        hide: true,
        params: z.object({ file: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const slug = /^(.+)\.jpg$/.exec(request.params.file)?.[1];
      const product = slug ? catalogue.current().bySlug.get(slug) : undefined;
      const src = product?.images[0];
      if (!slug || !src) return reply.code(404).send(notFound("product picture"));
      let entry = kept.get(slug);
      if (!entry) {
        entry = await sharingPicture(src, request.log);
        if (!entry) return reply.code(404).send(notFound("product picture"));
        if (kept.size >= KEPT_SHARING_PICTURES) kept.clear();
        kept.set(slug, entry);
      }
      reply
        .header("content-type", "image/jpeg")
        .header("cache-control", "public, max-age=3600")
        .header("etag", entry.etag);
      if (etagMatches(request.headers["if-none-match"], entry.etag)) return reply.code(304).send();
      return reply.send(entry.body);
    },
  );
};
