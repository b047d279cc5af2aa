import { describe, expect, it } from "vitest";
import {
  isShopPicture,
  parsePictureAddress,
  pictureAddress,
  pictureSources,
  widthsFor,
} from "./pictures.ts";

describe("an uploaded picture's files", () => {
  it("are made at the standard widths below the original, and the original's own up to 1280", () => {
    expect(widthsFor(4000)).toEqual([320, 640, 1280]);
    expect(widthsFor(1280)).toEqual([320, 640, 1280]);
    expect(widthsFor(900)).toEqual([320, 640, 900]);
    expect(widthsFor(640)).toEqual([320, 640]);
    expect(widthsFor(200)).toEqual([200]);
  });

  it("are named by id, width and format, and only such addresses are read back", () => {
    expect(pictureAddress(12, 640, "avif")).toBe("/pictures/12-640.avif");
    expect(parsePictureAddress("/pictures/12-1280.webp")).toEqual({
      id: 12,
      width: 1280,
      format: "webp",
    });
    for (const other of [
      "/images/products/mug.svg",
      "/pictures/12-1280.png",
      "/pictures/x-1280.webp",
      "/pictures/12-1280.webp?x",
    ]) {
      expect(parsePictureAddress(other)).toBeNull();
    }
  });

  it("offer AVIF then WebP at every made width; a plain file offers none", () => {
    expect(pictureSources("/pictures/7-900.webp")).toEqual([
      {
        type: "image/avif",
        srcSet: "/pictures/7-320.avif 320w, /pictures/7-640.avif 640w, /pictures/7-900.avif 900w",
      },
      {
        type: "image/webp",
        srcSet: "/pictures/7-320.webp 320w, /pictures/7-640.webp 640w, /pictures/7-900.webp 900w",
      },
    ]);
    expect(pictureSources("/images/products/mug.svg")).toEqual([]);
  });
});

describe("the shop's own pictures", () => {
  it("are uploads and the site's product artwork, as content/products.csv names it", () => {
    for (const own of [
      "/pictures/12-1280.webp",
      "/pictures/12-320.avif",
      "/images/products/neural-interfaces-hardback.svg",
      "/images/products/self-seal-pouches-90x230.svg",
      "/images/products/mug.photo.jpg",
    ]) {
      expect(isShopPicture(own), own).toBe(true);
    }
  });

  it("are nothing another site, another file of this one, or a climbing path could be", () => {
    for (const other of [
      "//evil.example/x.png",
      "/\\evil.example/x.png",
      "https://evil.example/x.png",
      "/robots.txt",
      "/pictures/../x",
      "/pictures/sharing/mug.jpg",
      "/images/products/../../robots.txt",
      "/images/products/sub/x.svg",
      "/images/products/x.svg?y",
      "/images/products/x.html",
      "/images/products/.svg",
      "/images/products/x y.svg",
      "",
    ]) {
      expect(isShopPicture(other), other).toBe(false);
    }
  });
});
