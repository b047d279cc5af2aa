import { describe, expect, it } from "vitest";
import { parsePictureAddress, pictureAddress, pictureSources, widthsFor } from "./pictures.ts";

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
