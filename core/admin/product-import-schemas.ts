import { errorBodySchema, named } from "../api/api-schemas.ts";
import { z } from "../validation/zod.ts";

// A products file in and out of the back office (/api/admin/products/import and export): what
// an import checks, and what its dry run and its refusals answer.

/** Said of an import file saved in another encoding than UTF-8 (its letters would be garbled). */
export const CSV_NOT_UTF8 =
  "The file is not UTF-8 text: save it as CSV UTF-8 (in Excel, CSV UTF-8; in LibreOffice, Unicode UTF-8) and import it again.";

/** A field's value before and after a change. */
const fieldChangeSchema = z.object({ before: z.unknown(), after: z.unknown() });

const importProblemSchema = z.object({
  /** The file's line (1 is the header); null where the parser could not tell. */
  line: z.number().int().nullable(),
  column: z.string().nullable(),
  reason: z.string(),
});

export const importProblemsSchema = named(
  "ProductImportProblems",
  errorBodySchema.extend({ problems: z.array(importProblemSchema).optional() }),
  "A refused import, nothing applied: `invalid_csv` lists each bad row's line, column and reason",
);

/** Rows of a file whose products changed in the shop since its export, listed at most once. */
const OVERRIDES_MAX = 1000;
const OVERRIDE_INVALID =
  "override must be line:version pairs from the dry run's conflicts, separated by commas (e.g. 3:7,12:4)";

/** A conflicting row the staff member applies anyway: its line, at the version they were shown. */
export interface ImportOverride {
  line: number;
  version: number;
}

export const importQuerySchema = z.object({
  /** true (the default): answer what would change and change nothing. */
  dryRun: z
    .enum(["true", "false"], { error: "dryRun must be true or false" })
    .optional()
    .transform((value) => value !== "false"),
  /**
   * The conflicting rows to apply anyway (the file's side taken), each as `line:version`: the
   * row's line and the product's version the dry run showed. Changed again since: still refused.
   */
  override: z
    .string({ error: OVERRIDE_INVALID })
    .trim()
    .max(OVERRIDES_MAX * 18, OVERRIDE_INVALID)
    .regex(/^(?:\d{1,7}:\d{1,9}(?:,\d{1,7}:\d{1,9})*)?$/, OVERRIDE_INVALID)
    .refine((value) => value.split(",").length <= OVERRIDES_MAX, OVERRIDE_INVALID)
    .optional()
    .transform((value): ImportOverride[] =>
      (value ? value.split(",") : []).map((pair) => {
        const [line, version] = pair.split(":").map(Number);
        return { line: line ?? 0, version: version ?? 0 };
      }),
    ),
});

const importedRowSchema = z.object({
  /** The row's line in the file (1 is the header). */
  line: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  /** Each field the row changes: its value now and the file's. */
  changes: z.record(z.string(), fieldChangeSchema),
  /**
   * Pictures uploaded for the product that the row leaves out: they stay (an import never
   * takes a picture away; the product's page removes one).
   */
  picturesKept: z.array(z.string()),
});

export const importSummarySchema = named(
  "ProductImportSummary",
  z.object({
    dryRun: z.boolean(),
    /** New products (ids not in the catalogue yet), created published like the seed. */
    created: z.array(
      z.object({
        line: z.number().int(),
        id: z.number().int(),
        name: z.string(),
        slug: z.string(),
      }),
    ),
    /**
     * Rows changing a product that is as the file's export saw it (or, for a row with no
     * version, that cannot be checked: `versionChecked` false), with each changed field.
     */
    updated: z.array(importedRowSchema.extend({ versionChecked: z.boolean() })),
    /**
     * Rows changing a product that changed in the shop since the file was exported: applied
     * only when `override` names the row (`overridden`), else an apply is refused (409).
     */
    conflicts: z.array(
      importedRowSchema.extend({
        /** The product's version in the file, and now: send `line:currentVersion` to override. */
        fileVersion: z.number().int(),
        currentVersion: z.number().int(),
        /** When the product last changed, and the last audited change (who and what). */
        changedAt: z.string(),
        lastChange: z.object({ by: z.string(), action: z.string(), at: z.string() }).nullable(),
        overridden: z.boolean(),
      }),
    ),
    /** Rows worth a second look before applying: a product at $0.00, an unlikely price. */
    warnings: z.array(
      z.object({
        line: z.number().int(),
        id: z.number().int(),
        name: z.string(),
        column: z.string(),
        message: z.string(),
      }),
    ),
    /** Products in the file exactly as the catalogue has them. */
    unchanged: z.number().int(),
    /** Products of the catalogue the file does not name: left as they are, never retired. */
    notInFile: z.array(z.number().int()),
    /** What happened, in words. */
    message: z.string(),
  }),
  "What an import changes (dry run) or changed",
);
export type ImportSummary = z.output<typeof importSummarySchema>;
export type ImportConflict = ImportSummary["conflicts"][number];

/** 409: rows changed in the shop since the export; nothing applied. */
export const importConflictSchema = named(
  "ProductImportConflict",
  errorBodySchema.extend({ summary: importSummarySchema }),
  "A refused import, nothing applied: `import_conflict`, with the dry run's summary listing each conflicting row",
);
