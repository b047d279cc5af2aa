import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { importPriceWarning } from "#core/admin/price-change.ts";
import { createProductSchema, PRODUCT_LIMITS } from "#core/admin/product-admin-schemas.ts";
import type { ImportOverride, ImportSummary } from "#core/admin/product-import-schemas.ts";
import type { CsvProblem } from "#core/catalog/parse-csv.ts";
import { parseProductImport } from "#core/catalog/parse-products.ts";
import { parsePictureAddress } from "#core/catalog/pictures.ts";
import type { Product } from "#core/catalog/product.ts";
import { isDigitalType } from "#core/catalog/product-files.ts";
import { productsToCsv } from "#core/catalog/products-csv.ts";
import { numberedSlug, productSlug, workOf } from "#core/catalog/slug.ts";
import { optionsOf, variantSlugPart } from "#core/catalog/variants.ts";
import { changesBetween, type ProductValues } from "./admin-products.ts";
import { markCatalogueChanged, productOfRow, rowOfProduct } from "./catalogue-store.ts";
import { notOwnedReason } from "./product-editing.ts";
import { picturesNotOwned } from "./product-pictures.ts";
import type { Db, Tx } from "../db/client.ts";
import { auditLog, products, productSlugs, productStock } from "../db/schema.ts";
import { recordAudit, type Actor } from "../staff/audit-log.ts";

export class ImportProblemsError extends Error {
  override name = "ImportProblemsError";
  constructor(readonly problems: CsvProblem[]) {
    super("the file has bad rows");
  }
}

/** Rows change products changed since the export, not overridden; `summary` is the dry run's. */
export class ImportConflictError extends Error {
  override name = "ImportConflictError";
  constructor(readonly summary: ImportSummary) {
    super("rows change products changed since the export");
  }
}

/** SPEC §3 columns but id, slug, work, stock; `digital` is none: a new row's comes from type. */
function fileValues(
  product: Product,
): Omit<ProductValues, "slug" | "work" | "digital" | "featuredPosition"> {
  const {
    id: _id,
    slug: _slug,
    work: _work,
    digital: _digital,
    ...values
  } = rowOfProduct({
    ...product,
    slug: "",
    work: "",
    digital: false,
  });
  return values;
}

const MAX_PROBLEMS = 200;

/** The largest id PostgreSQL's integer holds. */
const MAX_ID = 2 ** 31 - 1;

/** The CSV column of a field the back office's schema names differently. */
const COLUMN_OF: Record<string, string> = { priceCents: "price" };

// Held to a staff edit's limits (lengths, amounts, no invisible characters): the seed's parser
// reads a file the team wrote, an import is anyone's.
function boundsProblems(file: readonly Product[], lines: readonly number[]): CsvProblem[] {
  const problems: CsvProblem[] = [];
  file.forEach((product, index) => {
    const line = lines[index] ?? null;
    if (product.id > MAX_ID) {
      problems.push({ line, column: "id", reason: `must be at most ${MAX_ID}` });
      return;
    }
    const checked = createProductSchema.safeParse({
      ...rowOfProduct({ ...product, slug: "", work: "", digital: isDigitalType(product.type) }),
      slug: undefined,
      work: undefined,
      stock: product.stock ?? null,
    });
    if (checked.success) return;
    const issue = checked.error.issues[0];
    const field = String(issue?.path[0] ?? "?");
    problems.push({ line, column: COLUMN_OF[field] ?? field, reason: issue?.message ?? "invalid" });
  });
  return problems;
}

/** Uploads in `current` that `listed` leaves out: an import keeps them (see importProducts). */
function uploadsLeftOut(current: readonly string[], listed: readonly string[]): string[] {
  return current.filter((src) => parsePictureAddress(src) !== null && !listed.includes(src));
}

/** The last audited change of each product named, for a conflict's "changed since". */
async function lastChanges(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { by: string; action: string; at: string }>();
  const rows = await tx
    .selectDistinctOn([auditLog.entityId], {
      entityId: auditLog.entityId,
      by: auditLog.actorName,
      action: auditLog.action,
      at: auditLog.at,
    })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, "product"),
        inArray(
          auditLog.entityId,
          ids.map((id) => String(id)),
        ),
      ),
    )
    .orderBy(auditLog.entityId, desc(auditLog.id));
  return new Map(
    rows.map((row) => [
      Number(row.entityId),
      { by: row.by, action: row.action, at: row.at.toISOString() },
    ]),
  );
}

const rowsOf = (count: number) => `${count} row${count === 1 ? "" : "s"}`;

function importMessage(summary: Omit<ImportSummary, "message">): string {
  const { dryRun, created, updated, conflicts, unchanged, notInFile } = summary;
  const verb = dryRun ? "would be" : "were";
  const overridden = conflicts.filter((conflict) => conflict.overridden).length;
  const refused = conflicts.length - overridden;
  const changed = updated.length + overridden;
  const unchecked = updated.filter((row) => !row.versionChecked).length;
  const parts = [
    `${created.length} ${verb} created, ${changed} ${verb} changed, ${unchanged} unchanged.`,
  ];
  if (refused > 0) {
    parts.push(
      `${rowsOf(refused)} change${refused === 1 ? "s a product" : " products"} changed in the shop since the file was exported: ${dryRun ? "applying is refused" : "nothing was imported"} unless you use the file's version for ${refused === 1 ? "it" : "each"} (or export again and redo the change).`,
    );
  }
  if (overridden > 0) {
    parts.push(
      `${rowsOf(overridden)} ${verb} applied over changes made in the shop since the export, as you chose.`,
    );
  }
  if (unchecked > 0) {
    parts.push(
      `${rowsOf(unchecked)} ${unchecked === 1 ? "has" : "have"} no version (a file not exported by the back office): ${unchecked === 1 ? "it" : "they"} cannot be checked for changes made in the shop since, and replace what the shop has now.`,
    );
  }
  if (notInFile.length > 0) {
    parts.push(
      `${notInFile.length} product${notInFile.length === 1 ? " is" : "s are"} not in the file and ${verb} left as they are.`,
    );
  }
  return parts.join(" ");
}

/**
 * Reads a products file (SPEC §3's CSV) and, unless `dryRun`, applies it in one transaction:
 * new ids are created published (`stock` is their opening count), known ids get the fields that
 * differ (not slug or work), others are left alone. Any bad row refuses the whole file.
 * A row whose export-time version is stale is a conflict, refused unless `overrides` names it at
 * the current version; rows without one (content/products.csv) are unchecked. Uploaded pictures
 * a row leaves out stay, after its own; no picture files are deleted.
 */
export async function importProducts(
  db: Db,
  csv: string,
  { dryRun, overrides = [] }: { dryRun: boolean; overrides?: readonly ImportOverride[] },
  actor: Actor,
): Promise<ImportSummary> {
  const { rows: file, lines, problems: parsed } = parseProductImport(csv);
  const problems = [...parsed, ...boundsProblems(file, lines)].sort(
    (a, b) => (a.line ?? 0) - (b.line ?? 0),
  );
  if (problems.length > 0) throw new ImportProblemsError(problems.slice(0, MAX_PROBLEMS));
  if (file.length === 0) {
    throw new ImportProblemsError([{ line: 2, column: null, reason: "the file has no products" }]);
  }
  const overridden = new Set(overrides.map(({ line, version }) => `${line}:${version}`));

  return db.transaction(async (tx) => {
    const existingRows = dryRun
      ? await tx.select().from(products)
      : await tx.select().from(products).for("update");
    const existing = new Map(existingRows.map((row) => [row.id, row]));
    const inFile = new Set(file.map((product) => product.id));

    const created: ImportSummary["created"] = [];
    const updated: ImportSummary["updated"] = [];
    const conflicts: ImportSummary["conflicts"] = [];
    const warnings: ImportSummary["warnings"] = [];
    let unchanged = 0;
    const newRows: (ProductValues & { id: number })[] = [];
    const oldSlugs = await tx.select({ slug: productSlugs.slug }).from(productSlugs);
    const takenSlugs = new Set([...existingRows, ...oldSlugs].map((row) => row.slug));
    const works = new Map<string, Product[]>();
    const join = (work: string, product: Product) =>
      works.set(work, [...(works.get(work) ?? []), product]);
    for (const row of existingRows) join(row.work, productOfRow(row));
    for (const product of file) if (!existing.has(product.id)) join(workOf(product), product);

    const pictureProblems: CsvProblem[] = [];
    for (const [index, product] of file.entries()) {
      const line = lines[index] ?? 0;
      const values = fileValues(product);
      const current = existing.get(product.id);
      const foreign = await picturesNotOwned(tx, current ? product.id : null, values.images);
      if (foreign.length > 0) {
        pictureProblems.push({ line, column: "images", reason: notOwnedReason(foreign) });
      }
      const warn = (message: string | null) => {
        if (message) {
          warnings.push({ line, id: product.id, name: product.name, column: "price", message });
        }
      };
      if (current) {
        const picturesKept = uploadsLeftOut(current.images, values.images);
        const images = [...values.images, ...picturesKept];
        if (images.length > PRODUCT_LIMITS.imagesMax) {
          pictureProblems.push({
            line,
            column: "images",
            reason: `with the ${picturesKept.length} picture${picturesKept.length === 1 ? "" : "s"} uploaded for this product that the row leaves out (an import keeps them), it would have more than ${PRODUCT_LIMITS.imagesMax}: remove pictures on the product's page`,
          });
        }
        const changes = changesBetween(current, { ...values, images });
        if (Object.keys(changes).length === 0) {
          unchanged += 1;
          continue;
        }
        if (changes.priceCents) {
          warn(importPriceWarning(current.priceCents, values.priceCents, current.digital));
        }
        const row = { line, id: product.id, name: product.name, changes, picturesKept };
        if (product.version === undefined || product.version === current.version) {
          updated.push({ ...row, versionChecked: product.version !== undefined });
        } else {
          conflicts.push({
            ...row,
            fileVersion: product.version,
            currentVersion: current.version,
            changedAt: current.updatedAt.toISOString(),
            lastChange: null,
            overridden: overridden.has(`${line}:${current.version}`),
          });
        }
        continue;
      }
      warn(importPriceWarning(null, values.priceCents, isDigitalType(product.type)));
      const work = workOf(product) || "product";
      const part = variantSlugPart(product, optionsOf(works.get(work) ?? []));
      const base = productSlug(product, part) || `product-${product.id}`;
      let slug = takenSlugs.has(base) ? numberedSlug(base, product.id) : base;
      for (let n = 2; takenSlugs.has(slug); n += 1) slug = numberedSlug(base, n);
      takenSlugs.add(slug);
      newRows.push({
        ...values,
        id: product.id,
        slug,
        work,
        digital: isDigitalType(product.type),
        featuredPosition: null,
      });
      created.push({ line, id: product.id, name: product.name, slug });
    }
    if (pictureProblems.length > 0) {
      throw new ImportProblemsError(pictureProblems.slice(0, MAX_PROBLEMS));
    }
    const last = await lastChanges(
      tx,
      conflicts.map((conflict) => conflict.id),
    );
    for (const conflict of conflicts) conflict.lastChange = last.get(conflict.id) ?? null;
    const notInFile = existingRows
      .filter((row) => !inFile.has(row.id))
      .map((row) => row.id)
      .sort((a, b) => a - b);

    const refused = conflicts.some((conflict) => !conflict.overridden);
    const outcome = {
      dryRun: dryRun || refused,
      created,
      updated,
      conflicts,
      warnings,
      unchanged,
      notInFile,
    };
    const summary: ImportSummary = { ...outcome, message: importMessage(outcome) };
    if (dryRun) return summary;
    if (refused) throw new ImportConflictError(summary);

    if (newRows.length > 0) {
      await tx.insert(products).values(newRows.map((row) => ({ ...row, published: true })));
      // Ids came from the file: products created later continue after the highest.
      await tx.execute(
        sql`select setval(pg_get_serial_sequence('products', 'id'), (select max(id) from products))`,
      );
      const counted = file.filter(
        (product) => !existing.has(product.id) && product.stock !== undefined,
      );
      if (counted.length > 0) {
        await tx
          .insert(productStock)
          .values(
            counted.map((product) => ({ productId: product.id, available: product.stock ?? 0 })),
          )
          .onConflictDoNothing({ target: productStock.productId });
      }
    }
    // No picture's files are deleted here: the rows' lists keep every upload (see above).
    const applied = [...updated, ...conflicts];
    for (const change of applied) {
      const set = Object.fromEntries(
        Object.entries(change.changes).map(([field, { after }]) => [field, after]),
      );
      await tx
        .update(products)
        .set({ ...set, version: sql`${products.version} + 1`, updatedAt: new Date() })
        .where(eq(products.id, change.id));
    }
    await recordAudit(tx, actor, {
      action: "products.import",
      entity: "products",
      entityId: "import",
      details: {
        created: created.map((product) => product.id),
        updated: applied.map(({ id, changes }) => ({ id, changes })),
        overridden: conflicts.map(({ id, line, fileVersion, currentVersion }) => ({
          id,
          line,
          fileVersion,
          currentVersion,
        })),
        unchecked: updated.filter((row) => !row.versionChecked).map((row) => row.id),
        unchanged,
        notInFile: notInFile.length,
      },
    });
    if (created.length > 0 || applied.length > 0) await markCatalogueChanged(tx);
    return summary;
  });
}

/** All products, drafts and retired too, as SPEC §3's CSV plus version (for import conflicts). */
export async function exportProducts(db: Db, actor: Actor): Promise<string> {
  return db.transaction(async (tx) => {
    const rows = await tx.select().from(products).orderBy(asc(products.id));
    await recordAudit(tx, actor, {
      action: "products.export",
      entity: "products",
      entityId: "export",
      details: { products: rows.length },
    });
    return productsToCsv(rows.map(productOfRow), {
      versions: new Map(rows.map((row) => [row.id, row.version])),
    });
  });
}
