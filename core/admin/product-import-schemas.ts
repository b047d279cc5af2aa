import { errorBodySchema, named } from "../api/api-schemas.ts";
import { z } from "../validation/zod.ts";

export const CSV_NOT_UTF8 =
  "The file is not UTF-8 text: save it as CSV UTF-8 (in Excel, CSV UTF-8; in LibreOffice, Unicode UTF-8) and import it again.";

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
  /** Conflicting rows to apply anyway, `line:version` from the dry run; changed since: refused. */
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
  line: z.number().int(),
  id: z.number().int(),
  name: z.string(),
  /** Each field the row changes: its value now and the file's. */
  changes: z.record(z.string(), fieldChangeSchema),
  /** Uploads the row leaves out: they stay (an import never takes a picture away). */
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
    /** Rows whose product is as exported (or unchecked, no version: `versionChecked` false). */
    updated: z.array(importedRowSchema.extend({ versionChecked: z.boolean() })),
    /** Rows changed in the shop since export: applied if `override` names them, else 409. */
    conflicts: z.array(
      importedRowSchema.extend({
        /** The product's version in the file, and now: send `line:currentVersion` to override. */
        fileVersion: z.number().int(),
        currentVersion: z.number().int(),
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
    unchanged: z.number().int(),
    /** Products of the catalogue the file does not name: left as they are, never retired. */
    notInFile: z.array(z.number().int()),
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
