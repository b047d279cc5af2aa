import { describe, expect, it } from "vitest";
import { movePicture, removePicture } from "./picture-order.ts";

describe("ordering a product's pictures", () => {
  const images = ["/a.webp", "/b.webp", "/c.webp"];

  it("moves a picture one place earlier or later", () => {
    expect(movePicture(images, 1, -1)).toEqual(["/b.webp", "/a.webp", "/c.webp"]);
    expect(movePicture(images, 1, 1)).toEqual(["/a.webp", "/c.webp", "/b.webp"]);
  });

  it("leaves the order alone for a move past either end or an unknown place", () => {
    expect(movePicture(images, 0, -1)).toEqual(images);
    expect(movePicture(images, 2, 1)).toEqual(images);
    expect(movePicture(images, 7, 1)).toEqual(images);
  });

  it("removes one picture by its address", () => {
    expect(removePicture(images, "/b.webp")).toEqual(["/a.webp", "/c.webp"]);
    expect(removePicture(images, "/z.webp")).toEqual(images);
  });
});
