import { errorBodySchema, named } from "../api/api-schemas.ts";
import { categoryNamed, UNKNOWN_CATEGORY } from "../catalog/category.ts";
import { isShopPicture, PICTURE_LIMITS } from "../catalog/pictures.ts";
import { MAX_PRICE_CENTS } from "../catalog/product.ts";
import { PRODUCT_FILE_FORMATS, type ProductFile } from "../catalog/product-files.ts";
import { MAX_SLUG_LENGTH, SLUG_PATTERN } from "../catalog/slug.ts";
import { recordIdParam } from "../validation/record-id-param.ts";
import { hasUnsafeCharacters, hasUnsafeTextCharacters } from "../validation/safe-text.ts";
import { unsafeCharactersMessage } from "../validation/safe-text.ts";
import { z } from "../validation/zod.ts";
import { isCalendarDay, wholeNumber } from "./admin-schemas.ts";

// The back office's catalogue (/api/admin/products, issue 25); prices in whole cents.

export const PRODUCT_LIMITS = {
  nameMax: 200,
  descriptionMax: 5000,
  fieldMax: 200,
  imagesMax: 20,
  imagePathMax: 500,
  pageCountMax: 100_000,
  priceCentsMax: MAX_PRICE_CENTS,
  stockMax: 100_000,
  featuredPositionMax: 1000,
  /** An import's CSV: content/products.csv is 14 KB, so this is room for thousands of rows. */
  importBytesMax: 1024 * 1024,
} as const;

/** A product's file as staff see it (the type the shop's pages use is in core/catalog). */
export const productFileSchema = named(
  "ProductFile",
  z.object({
    id: z.number().int(),
    format: z.enum(PRODUCT_FILE_FORMATS),
    fileName: z.string(),
    /** Bytes. */
    size: z.number().int(),
    /** Hex SHA-256 of the file. */
    sha256: z.string(),
    /** The shop's own sample chapter, not the book: `npm run check:launch` lists it. */
    isSample: z.boolean(),
    createdAt: z.string(),
  }) satisfies z.ZodType<ProductFile>,
  "A digital product's file (EPUB or PDF)",
);

/** A picture's description for people who cannot see it: required with every upload. */
export const pictureAltSchema = z
  .string({ error: "Describe the picture" })
  .trim()
  .min(1, "Describe the picture: what it shows, for people who cannot see it")
  .max(PICTURE_LIMITS.altMax, `The description must be at most ${PICTURE_LIMITS.altMax} characters`)
  .refine((value) => !hasUnsafeTextCharacters(value), unsafeCharactersMessage("The description"));

export const productStateSchema = z.enum(["published", "draft", "retired"]);
export type ProductState = z.output<typeof productStateSchema>;

/** A product as staff see it: drafts and retired ones too, with what the edit form sends back. */
export const adminProductSchema = named(
  "AdminProduct",
  z.object({
    id: z.number().int(),
    slug: z.string(),
    work: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.string(),
    type: z.string(),
    priceCents: z.number().int(),
    images: z.array(z.string()),
    isbn: z.string().nullable(),
    publisher: z.string().nullable(),
    language: z.string().nullable(),
    trim: z.string().nullable(),
    pageCount: z.number().int().nullable(),
    publicationDate: z.string().nullable(),
    audience: z.string().nullable(),
    genre: z.string().nullable(),
    sku: z.string().nullable(),
    material: z.string().nullable(),
    color: z.string().nullable(),
    size: z.string().nullable(),
    ageRestricted: z.boolean(),
    /** Delivered by download (an eBook), never shipped; its files are under …/files. */
    digital: z.boolean(),
    published: z.boolean(),
    featuredPosition: z.number().int().nullable(),
    retiredAt: z.string().nullable(),
    /** published, draft (not shown) or retired (not sold; orders still name it). */
    state: productStateSchema,
    /** Send it back with a change: a change made since is refused (409 product_changed). */
    version: z.number().int(),
    /** Live units left; null for a product that is not counted (eBooks). */
    stock: z.number().int().nullable(),
    updatedAt: z.string(),
    /** The descriptions of its uploaded pictures, by address (POST …/pictures adds one). */
    pictureAlts: z.record(z.string(), z.string()),
    /** A digital product's files, one per format (POST …/files uploads or replaces one). */
    files: z.array(productFileSchema),
  }),
  "A product as staff see it, drafts and retired ones included",
);
export type AdminProduct = z.output<typeof adminProductSchema>;

export const adminProductListSchema = z.object({ products: z.array(adminProductSchema) });

export const adminProductListQuerySchema = z.object({
  /** Part of the name, SKU or ISBN (hyphens in an ISBN do not matter). */
  q: z
    .string()
    .trim()
    .max(100, "Search must be at most 100 characters")
    .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage("Search"))
    .optional()
    .transform((value) => value || undefined),
  category: z
    .string()
    .trim()
    .max(PRODUCT_LIMITS.fieldMax)
    .optional()
    .transform((value) => value || undefined),
  state: z
    .union([productStateSchema, z.literal("")])
    .optional()
    .transform((value) => value || undefined),
  featured: z
    .enum(["true", "false"], { error: "featured must be true or false" })
    .optional()
    .transform((value) => value === "true"),
  /** One work's products: its formats, colours and sizes (issue 37). */
  work: z
    .string()
    .trim()
    .max(PRODUCT_LIMITS.fieldMax)
    .optional()
    .transform((value) => value || undefined),
});
export type AdminProductListQuery = z.output<typeof adminProductListQuerySchema>;

function requiredLine(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, { message: `${label} must be at most ${max} characters`, abort: true })
    .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage(label));
}

/** A one-line field that may be empty: "", blanks and null all clear it (null). */
function optionalLine(label: string, max: number = PRODUCT_LIMITS.fieldMax) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { message: `${label} must be at most ${max} characters`, abort: true })
    .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage(label))
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional();
}

const slugField = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(MAX_SLUG_LENGTH, `${label} must be at most ${MAX_SLUG_LENGTH} characters`)
    .regex(SLUG_PATTERN, `${label} may hold only a-z, 0-9 and single hyphens between them`);

const priceCents = wholeNumber("Price must be a whole number of cents").pipe(
  z
    .number()
    .int()
    .min(0, "Price must be 0 or more")
    .max(PRODUCT_LIMITS.priceCentsMax, "Price must be at most $1,000,000"),
);

export const NOT_SHOP_PICTURE =
  "A picture must be one uploaded on the product's page (/pictures/…) or one of the site's product pictures (/images/products/…)";

const imagePath = z
  .string({ error: "Each picture must be a path" })
  .trim()
  .max(PRODUCT_LIMITS.imagePathMax, {
    message: `A picture's path must be at most ${PRODUCT_LIMITS.imagePathMax} characters`,
    abort: true,
  })
  .refine(isShopPicture, NOT_SHOP_PICTURE);

export const FEATURED_POSITION_MESSAGE = `The place on the home page must be a whole number from 1 to ${PRODUCT_LIMITS.featuredPositionMax}, or empty`;

/** Every SPEC §3 field a staff member may set (stock has its own page, state its own calls). */
const productFields = {
  name: requiredLine("Name", PRODUCT_LIMITS.nameMax),
  description: z
    .string({ error: "Description must be text" })
    .trim()
    .max(PRODUCT_LIMITS.descriptionMax, {
      message: `Description must be at most ${PRODUCT_LIMITS.descriptionMax} characters`,
      abort: true,
    })
    .refine((value) => !hasUnsafeTextCharacters(value), unsafeCharactersMessage("Description")),
  category: requiredLine("Category", PRODUCT_LIMITS.fieldMax).refine(
    (value) => categoryNamed(value) !== null,
    UNKNOWN_CATEGORY,
  ),
  type: z
    .string({ error: "Type must be text" })
    .trim()
    .max(PRODUCT_LIMITS.fieldMax, `Type must be at most ${PRODUCT_LIMITS.fieldMax} characters`)
    .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage("Type")),
  priceCents,
  images: z
    .array(imagePath, { error: "Pictures must be a list of paths" })
    .max(PRODUCT_LIMITS.imagesMax, `At most ${PRODUCT_LIMITS.imagesMax} pictures`)
    .refine((list) => new Set(list).size === list.length, "A picture is listed twice"),
  isbn: optionalLine("ISBN", 20),
  publisher: optionalLine("Publisher"),
  language: optionalLine("Language"),
  trim: optionalLine("Trim"),
  pageCount: z
    .preprocess(
      (value) => (value === "" ? null : value),
      wholeNumber("Page count must be a whole number")
        .pipe(
          z
            .number()
            .int()
            .min(1, "Page count must be 1 or more")
            .max(PRODUCT_LIMITS.pageCountMax, "Page count is too large"),
        )
        .nullable(),
    )
    .optional(),
  publicationDate: z
    .string({ error: "Publication date must be a date (YYYY-MM-DD)" })
    .trim()
    .refine(
      (value) => value === "" || isCalendarDay(value),
      "Publication date must be a date (YYYY-MM-DD)",
    )
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional(),
  audience: optionalLine("Audience"),
  genre: optionalLine("Genre"),
  sku: optionalLine("SKU", 64),
  material: optionalLine("Material"),
  color: optionalLine("Colour"),
  size: optionalLine("Size"),
  ageRestricted: z.boolean({ error: "Age restricted must be true or false" }),
  digital: z.boolean({ error: "Delivered by download must be true or false" }),
  slug: slugField("Slug"),
  /** Formats of one work (hardback, eBook) share it; the product page links them. */
  work: slugField("Work"),
  featuredPosition: z.preprocess(
    (value) => (value === "" ? null : value),
    wholeNumber(FEATURED_POSITION_MESSAGE)
      .pipe(
        z
          .number()
          .int()
          .min(1, FEATURED_POSITION_MESSAGE)
          .max(PRODUCT_LIMITS.featuredPositionMax, FEATURED_POSITION_MESSAGE),
      )
      .nullable(),
  ),
};

export const createProductSchema = named(
  "NewProduct",
  z.object({
    ...productFields,
    description: productFields.description.optional(),
    type: productFields.type.optional(),
    images: productFields.images.optional(),
    ageRestricted: productFields.ageRestricted.optional(),
    /** Delivered by download; left out, an eBook type is and anything else is not. */
    digital: productFields.digital.optional(),
    /** Made from the name (and the format, where the work has several) when left out. */
    slug: productFields.slug.optional(),
    /** The name's slug when left out. */
    work: productFields.work.optional(),
    featuredPosition: productFields.featuredPosition.optional(),
    /** A new product is a draft unless this says otherwise. */
    published: z.boolean({ error: "Published must be true or false" }).optional(),
    /** Opening units for a counted product; leave out for one that is not counted (eBooks). */
    stock: z
      .preprocess(
        (value) => (value === "" ? null : value),
        wholeNumber("Stock must be a whole number, 0 or more")
          .pipe(
            z
              .number()
              .int()
              .min(0, "Stock must be 0 or more")
              .max(PRODUCT_LIMITS.stockMax, `Stock must be at most ${PRODUCT_LIMITS.stockMax}`),
          )
          .nullable(),
      )
      .optional(),
  }),
  "A new product: every SPEC §3 field; price in whole cents",
);
export type CreateProductInput = z.output<typeof createProductSchema>;

const VERSION_INVALID = "The product's version is missing or not valid. Please reload the page.";
const versionField = wholeNumber(VERSION_INVALID).pipe(
  z.number().int(VERSION_INVALID).nonnegative(VERSION_INVALID),
);

export const updateProductSchema = named(
  "ProductChange",
  z.object({
    version: versionField,
    ...Object.fromEntries(
      Object.entries(productFields).map(([key, schema]) => [key, schema.optional()]),
    ),
  }) as unknown as z.ZodObject<
    { version: typeof versionField } & {
      [Key in keyof typeof productFields]: z.ZodOptional<(typeof productFields)[Key]>;
    }
  >,
  "The fields to change, with the version the staff member saw",
);
export type UpdateProductInput = z.output<typeof updateProductSchema>;

/** The fields a change may touch, in the order answers list them. */
export const PRODUCT_FIELDS = Object.keys(productFields) as (keyof typeof productFields)[];
export type ProductField = (typeof PRODUCT_FIELDS)[number];

export const productVersionSchema = z.object({ version: versionField });

export const productIdParamsSchema = z.object({ id: recordIdParam("Product id must be a number") });

export const pictureParamsSchema = productIdParamsSchema.extend({
  pictureId: recordIdParam("Picture id must be a number"),
});

export const productFileParamsSchema = productIdParamsSchema.extend({
  fileId: recordIdParam("File id must be a number"),
});

export const describePictureSchema = z.object({ alt: pictureAltSchema });

/** 409: product_changed has the product as it is now, to show the staff member. */
export const productConflictSchema = named(
  "ProductConflict",
  errorBodySchema.extend({ product: adminProductSchema.optional() }),
  "A refused change, nothing written: `product_changed` (with `product` as it is now) or `slug_taken`",
);
