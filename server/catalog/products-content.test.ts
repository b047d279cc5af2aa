import path from "node:path";
import { describe, expect, it } from "vitest";
import { isCategory } from "#core/catalog/category.ts";
import { loadCatalog } from "./load-catalog.ts";

const { products } = await loadCatalog(path.resolve("content"));
const byId = (id: number) => products.find((product) => product.id === id);

/** The shop never teaches or encourages anyone to install an implant themselves. */
describe("the catalogue's own words (content/products.csv)", () => {
  it("never describes rehearsing a procedure to do on a person", () => {
    for (const product of products) {
      expect(product.description, product.name).not.toMatch(
        /incision|pocket forming|before working on a person|do it yourself|diy|at home/i,
      );
    }
  });

  it("sells the suture pad as a training aid for supervised practitioners and students", () => {
    const pad = byId(17)?.description ?? "";
    expect(pad).toMatch(/practitioners and students/);
    expect(pad).toMatch(/no substitute/);
    expect(pad).toMatch(/never for use on people/);
  });

  it("says every implant must be installed by a trained practitioner, never by the buyer", () => {
    const implants = products.filter(
      (product) => isCategory(product, "cyberware") && /implant kit/i.test(product.type),
    );
    expect(implants.map((product) => product.id)).toContain(18);
    for (const implant of implants) {
      expect(implant.description).toMatch(/trained body-modification practitioner/);
      expect(implant.description).toMatch(/never install it yourself/);
    }
  });

  it("files the implant kit under Body Modification, not Tools", () => {
    expect(byId(18)?.genre).toBe("Body Modification");
  });
});
