import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  not,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import type { ProductFile } from "#core/catalog/product-files.ts";
import { importPriceWarning } from "#core/admin/price-change.ts";
import type {
  AdminProduct,
  AdminProductListQuery,
  CreateProductInput,
  ImportOverride,
  ImportSummary,
  ProductField,
  UpdateProductInput,
} from "#core/admin/product-admin-schemas.ts";
import {
  createProductSchema,
  PRODUCT_FIELDS,
  PRODUCT_LIMITS,
} from "#core/admin/product-admin-schemas.ts";
import type { CsvProblem } from "#core/catalog/parse-csv.ts";
import { parseProductImport } from "#core/catalog/parse-products.ts";
import { parsePictureAddress } from "#core/catalog/pictures.ts";
import type { Product } from "#core/catalog/product.ts";
import { isDigitalType } from "#core/catalog/product-files.ts";
import { productsToCsv } from "#core/catalog/products-csv.ts";
import { numberedSlug, productSlug, workOf } from "#core/catalog/slug.ts";
import {
  markCatalogueChanged,
  productOfRow,
  recordSlugMove,
  rowOfProduct,
  slugHeldByAnother,
} from "../catalog/catalogue-store.ts";
import { productFilesOf } from "../catalog/product-file-store.ts";
import {
  altsOfImages,
  dropUnnamedPictures,
  pictureAlts,
  picturesNotOwned,
} from "../catalog/product-pictures.ts";
import type { Db, Tx } from "../db/client.ts";
import { uniqueViolation } from "../db/errors.ts";
import { auditLog, products, productSlugs, productStock, type ProductRow } from "../db/schema.ts";
import { recordAudit, type Actor } from "./audit-log.ts";

// The back office's catalogue (issue 25). Every change is version-checked against the copy the
// staff member saw, audited with before and after, and raises the catalogue's version in its
// own transaction so every instance reloads (live-catalogue.ts).

export class ProductNotFoundError extends Error {
  override name = "ProductNotFoundError";
}

/** The product changed since the staff member read it: nothing was written. */
export class ProductChangedError extends Error {
  override name = "ProductChangedError";
  constructor(readonly current: AdminProduct) {
    super("the product changed since it was read");
  }
}

export class SlugTakenError extends Error {
  override name = "SlugTakenError";
  constructor(readonly slug: string) {
    super(`the slug ${slug} is taken`);
  }
}

/** `images` names pictures uploaded for another product (or none): nothing was written. */
export class PictureNotOwnedError extends Error {
  override name = "PictureNotOwnedError";
  constructor(readonly addresses: string[]) {
    super(`not this product's pictures: ${addresses.join(", ")}`);
  }
}

/** Why a list of pictures is refused, naming the first that is not the product's own. */
export const notOwnedReason = (addresses: readonly string[]) =>
  `${addresses[0]} is not a picture uploaded for this product: upload it on the product's page`;

/** Refuses `images` that name uploads `productId` does not have (see picturesNotOwned). */
async function checkPicturesOwned(tx: Tx, productId: number | null, images: readonly string[]) {
  const foreign = await picturesNotOwned(tx, productId, images);
  if (foreign.length > 0) throw new PictureNotOwnedError(foreign);
}

/** The file has bad rows: nothing was applied. */
export class ImportProblemsError extends Error {
  override name = "ImportProblemsError";
  constructor(readonly problems: CsvProblem[]) {
    super("the file has bad rows");
  }
}

/**
 * Rows change products that changed in the shop since the file was exported, and staff did
 * not take the file's side for them: nothing was applied. `summary` is the dry run's.
 */
export class ImportConflictError extends Error {
  override name = "ImportConflictError";
  constructor(readonly summary: ImportSummary) {
    super("rows change products changed since the export");
  }
}

type ProductValues = Pick<ProductRow, ProductField>;

function stateOf(row: ProductRow): AdminProduct["state"] {
  if (row.retiredAt) return "retired";
  return row.published ? "published" : "draft";
}

function adminProductOf(
  row: ProductRow,
  stock: number | null,
  alts: ReadonlyMap<number, string> = new Map(),
  files: readonly ProductFile[] = [],
): AdminProduct {
  // Every column as it is (null for an empty field), but the dates as text and the state named.
  const { createdAt: _created, retiredAt, updatedAt, ...columns } = row;
  return {
    ...columns,
    retiredAt: retiredAt?.toISOString() ?? null,
    state: stateOf(row),
    stock,
    updatedAt: updatedAt.toISOString(),
    pictureAlts: altsOfImages(row.images, alts),
    files: [...files],
  };
}

/** A LIKE pattern matching `text` anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const selectWithStock = (executor: Db | Tx) =>
  executor
    .select({ product: products, stock: productStock.available })
    .from(products)
    .leftJoin(productStock, eq(productStock.productId, products.id));

/** Every product, drafts and retired ones too, with its live count; filtered, in id order. */
export async function listAdminProducts(
  db: Db,
  query: AdminProductListQuery,
): Promise<AdminProduct[]> {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = containing(query.q);
    const isbnDigits = query.q.replace(/[-\s]/g, "");
    const match = or(
      ilike(products.name, pattern),
      ilike(products.sku, pattern),
      ilike(products.isbn, pattern),
      ...(isbnDigits
        ? [sql`replace(${products.isbn}, '-', '') ilike ${containing(isbnDigits)}`]
        : []),
    );
    if (match) where.push(match);
  }
  if (query.category) where.push(sql`lower(${products.category}) = lower(${query.category})`);
  if (query.state === "retired") where.push(isNotNull(products.retiredAt));
  if (query.state === "published") {
    where.push(isNull(products.retiredAt), eq(products.published, true));
  }
  if (query.state === "draft") where.push(isNull(products.retiredAt), not(products.published));
  const rows = await selectWithStock(db)
    .where(and(...where))
    .orderBy(asc(products.id));
  const ids = rows.map((row) => row.product.id);
  const alts = await pictureAlts(db, ids);
  const files = await productFilesOf(db, ids);
  return rows.map((row) => adminProductOf(row.product, row.stock, alts, files.get(row.product.id)));
}

export async function adminProduct(executor: Db | Tx, id: number): Promise<AdminProduct | null> {
  const [row] = await selectWithStock(executor).where(eq(products.id, id));
  if (!row) return null;
  const files = await productFilesOf(executor, [id]);
  return adminProductOf(row.product, row.stock, await pictureAlts(executor, [id]), files.get(id));
}

/** The row, locked for the rest of the transaction, and refused if its version moved. */
async function lockCurrent(tx: Tx, id: number, version: number): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for("update");
  if (!row) throw new ProductNotFoundError(`no product ${id}`);
  if (row.version !== version) {
    const current = await adminProduct(tx, id);
    if (current) throw new ProductChangedError(current);
  }
  return row;
}

/** Another product's slug, now or before a rename (that address leads to it): not free. */
const slugTaken = (tx: Tx, slug: string, exceptId?: number) =>
  slugHeldByAnother(tx, slug, exceptId);

/**
 * A free slug for a new product: its work, with its format where the work already has
 * another, then "-2", "-3"… until one is free.
 */
async function freeSlug(tx: Tx, product: { name: string; type: string }, work: string) {
  const [sibling] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.work, work))
    .limit(1);
  const base = productSlug(product, sibling !== undefined) || "product";
  const pattern = containing(base).slice(1);
  // Old slugs too: a renamed product's old address still leads to it.
  const taken = new Set(
    [
      ...(await tx
        .select({ slug: products.slug })
        .from(products)
        .where(ilike(products.slug, pattern))),
      ...(await tx
        .select({ slug: productSlugs.slug })
        .from(productSlugs)
        .where(ilike(productSlugs.slug, pattern))),
    ].map((row) => row.slug),
  );
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(numberedSlug(base, n))) return numberedSlug(base, n);
}

/** Same value? Arrays (pictures) compare by content. */
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function changesBetween(before: ProductValues, after: Partial<ProductValues>) {
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of PRODUCT_FIELDS) {
    if (!(field in after)) continue;
    const next = after[field];
    if (next === undefined || same(before[field], next)) continue;
    changes[field] = { before: before[field], after: next };
  }
  return changes;
}

/** The slug constraint refused a write that raced another: the same 409 as the check's. */
async function guardSlug<T>(slug: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === "products_slug_key") throw new SlugTakenError(slug);
    throw error;
  }
}

export async function createProduct(
  db: Db,
  input: CreateProductInput,
  actor: Actor,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const type = input.type ?? "";
    const work = input.work ?? (workOf(input) || "product");
    let slug = input.slug;
    if (slug === undefined) slug = await freeSlug(tx, { name: input.name, type }, work);
    else if (await slugTaken(tx, slug)) throw new SlugTakenError(slug);
    await checkPicturesOwned(tx, null, input.images ?? []);
    const values = {
      slug,
      work,
      name: input.name,
      description: input.description ?? "",
      category: input.category,
      type,
      priceCents: input.priceCents,
      images: input.images ?? [],
      isbn: input.isbn ?? null,
      publisher: input.publisher ?? null,
      language: input.language ?? null,
      trim: input.trim ?? null,
      pageCount: input.pageCount ?? null,
      publicationDate: input.publicationDate ?? null,
      audience: input.audience ?? null,
      genre: input.genre ?? null,
      sku: input.sku ?? null,
      material: input.material ?? null,
      color: input.color ?? null,
      size: input.size ?? null,
      ageRestricted: input.ageRestricted ?? false,
      digital: input.digital ?? isDigitalType(type),
    } satisfies ProductValues;
    const finalSlug = slug;
    const [row] = await guardSlug(finalSlug, () =>
      tx
        .insert(products)
        .values({ ...values, published: input.published ?? false })
        .returning(),
    );
    if (!row) throw new Error("the insert returned no row");
    if (input.stock !== undefined && input.stock !== null) {
      await tx.insert(productStock).values({ productId: row.id, available: input.stock });
    }
    await recordAudit(tx, actor, {
      action: "product.create",
      entity: "product",
      entityId: row.id,
      details: { after: { ...values, published: row.published, stock: input.stock ?? null } },
    });
    await markCatalogueChanged(tx);
    return adminProductOf(row, input.stock ?? null);
  });
}

/**
 * Changes the fields sent, if the product is still at the version the staff member saw. A
 * change that changes nothing writes nothing (no new version, no audit entry).
 */
export async function updateProduct(
  db: Db,
  id: number,
  { version, ...fields }: UpdateProductInput,
  actor: Actor,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const row = await lockCurrent(tx, id, version);
    const changes = changesBetween(row, fields as Partial<ProductValues>);
    const changed = Object.keys(changes);
    if (changed.length === 0) {
      const current = await adminProduct(tx, id);
      if (!current) throw new ProductNotFoundError(`no product ${id}`);
      return current;
    }
    if (changes.images && fields.images) await checkPicturesOwned(tx, id, fields.images);
    const slug = fields.slug;
    if (slug !== undefined && changes.slug && (await slugTaken(tx, slug, id))) {
      throw new SlugTakenError(slug);
    }
    const set = Object.fromEntries(changed.map((field) => [field, changes[field]?.after]));
    await guardSlug(slug ?? row.slug, () =>
      tx
        .update(products)
        .set({ ...set, version: row.version + 1, updatedAt: new Date() })
        .where(eq(products.id, id)),
    );
    // The old address answers 301 to the new one.
    if (slug !== undefined && changes.slug) await recordSlugMove(tx, id, row.slug, slug);
    // A picture taken out of the list is deleted with its files.
    if (changes.images && fields.images) await dropUnnamedPictures(tx, id, fields.images);
    await recordAudit(tx, actor, {
      action: "product.update",
      entity: "product",
      entityId: id,
      details: {
        before: Object.fromEntries(changed.map((field) => [field, changes[field]?.before])),
        after: set,
      },
    });
    await markCatalogueChanged(tx);
    const updated = await adminProduct(tx, id);
    if (!updated) throw new ProductNotFoundError(`no product ${id}`);
    return updated;
  });
}

const STATE_CHANGES = {
  publish: { state: "published", action: "product.publish" },
  unpublish: { state: "draft", action: "product.unpublish" },
  retire: { state: "retired", action: "product.retire" },
} as const;

export type StateChange = keyof typeof STATE_CHANGES;

/**
 * Publishes (back on sale, a retired product too), makes a draft, or retires (not sold, never
 * deleted: orders name it). Already in that state: nothing is written.
 */
export async function changeProductState(
  db: Db,
  id: number,
  version: number,
  change: StateChange,
  actor: Actor,
): Promise<AdminProduct> {
  const { state, action } = STATE_CHANGES[change];
  return db.transaction(async (tx) => {
    const row = await lockCurrent(tx, id, version);
    const before = stateOf(row);
    if (before === state) {
      const current = await adminProduct(tx, id);
      if (!current) throw new ProductNotFoundError(`no product ${id}`);
      return current;
    }
    await tx
      .update(products)
      .set({
        published: state === "published",
        retiredAt: state === "retired" ? new Date() : null,
        version: row.version + 1,
        updatedAt: new Date(),
      })
      .where(eq(products.id, id));
    await recordAudit(tx, actor, {
      action,
      entity: "product",
      entityId: id,
      details: { before: { state: before }, after: { state } },
    });
    await markCatalogueChanged(tx);
    const updated = await adminProduct(tx, id);
    if (!updated) throw new ProductNotFoundError(`no product ${id}`);
    return updated;
  });
}

/**
 * A file's product as the columns it sets (every SPEC §3 field but id, slug, work, stock).
 * `digital` is no CSV column: a new row's comes from its type, a known product's stays.
 */
function fileValues(product: Product): Omit<ProductValues, "slug" | "work" | "digital"> {
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

/**
 * The file's rows held to the limits a staff member's own edit is (lengths, amounts, no
 * invisible characters): the seed's parser reads a file the team wrote, an import is anyone's.
 */
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
 * new ids are created (published, as the seed's are; their `stock` is their opening count),
 * known ids get the fields that differ (slug and work stay), products the file leaves out are
 * left alone. Any bad row refuses the whole file. One audit entry, one catalogue version.
 *
 * A row carrying the version its product had when exported (the back office's export adds
 * it) is checked against the product now: changed since, the row is a conflict, and the apply
 * is refused unless `overrides` names that row at the version the product has now. A row
 * without a version (content/products.csv) is applied as before, and said to be unchecked.
 * An import never takes an uploaded picture away from a product, nor deletes a picture's
 * files: an upload the row leaves out stays, after the row's pictures.
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
    const works = new Map<string, number>();
    for (const row of existingRows) works.set(row.work, (works.get(row.work) ?? 0) + 1);
    for (const product of file) {
      if (!existing.has(product.id))
        works.set(workOf(product), (works.get(workOf(product)) ?? 0) + 1);
    }

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
      const base = productSlug(product, (works.get(work) ?? 0) > 1) || `product-${product.id}`;
      let slug = takenSlugs.has(base) ? numberedSlug(base, product.id) : base;
      for (let n = 2; takenSlugs.has(slug); n += 1) slug = numberedSlug(base, n);
      takenSlugs.add(slug);
      newRows.push({ ...values, id: product.id, slug, work, digital: isDigitalType(product.type) });
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

/**
 * Every product, drafts and retired ones too, as SPEC §3's CSV with each product's version
 * last (an import of the file then sees what changed since); audited like other exports.
 */
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
