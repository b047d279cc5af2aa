import { useFetcher } from "react-router";
import { auditActionLabel } from "#core/admin/audit-actions.ts";
import { formatDollars } from "#core/admin/price-change.ts";
import type { ProductField } from "#core/admin/product-admin-schemas.ts";
import type { ImportConflict, ImportSummary } from "#core/admin/product-import-schemas.ts";
import { FormField } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import { formatWhen } from "./admin-format.ts";
import styles from "./admin.module.css";
import { FIELD_LABELS } from "./product-form-data.ts";

export interface ImportProblem {
  line: number | null;
  column: string | null;
  reason: string;
}

/** `refused`: an apply refused for rows changed since the export; nothing applied. */
export type ImportAnswer =
  | { ok: true; summary: ImportSummary; csv: string; refused?: string }
  | { ok: false; message: string; problems: ImportProblem[] };

/** The name a conflict's checkbox posts: each ticked row's `line:version`. */
export const OVERRIDE_FIELD = "override";

function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (field === "priceCents" && typeof value === "number") return formatDollars(value);
  if (Array.isArray(value)) return value.join(", ") || "(none)";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value as string | number);
}

/** "Check" changes nothing; "Apply" sends the same file with the changed rows staff chose. */
export function ProductImport() {
  const fetcher = useFetcher<ImportAnswer>({ key: "product-import" });
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">Import products</h2>
      <p>
        Choose a CSV file in content/products.csv&apos;s format (an export is), or paste it. Check
        shows what it would change; nothing changes until you apply it. Products the file leaves out
        stay as they are, and so do pictures uploaded on a product&apos;s page.
      </p>
      <fetcher.Form
        method="post"
        encType="multipart/form-data"
        className={formStyles.form}
        aria-label="Import products"
      >
        <FormField label="CSV file" id="import-file">
          {(control) => <input {...control} type="file" name="file" accept=".csv,text/csv" />}
        </FormField>
        <FormField label="Or paste the CSV" id="import-text">
          {(control) => <textarea {...control} name="csv" rows={4} spellCheck={false} />}
        </FormField>
        <div className={formStyles.actions}>
          <button
            type="submit"
            name="intent"
            value="check"
            className={formStyles.secondary}
            disabled={busy}
          >
            {busy && fetcher.formData?.get("intent") === "check" ? "Checking…" : "Check"}
          </button>
        </div>
      </fetcher.Form>
      <div aria-live="polite">
        {answer && !answer.ok ? <ImportProblems answer={answer} /> : null}
        {answer?.ok ? (
          <ImportOutcome
            summary={answer.summary}
            csv={answer.csv}
            refused={answer.refused}
            busy={busy}
          />
        ) : null}
      </div>
    </section>
  );
}

function ImportProblems({ answer }: { answer: Extract<ImportAnswer, { ok: false }> }) {
  return (
    <div role="alert">
      <p className={formStyles.notice}>{answer.message}</p>
      {answer.problems.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption>Problems in the file</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Column</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {answer.problems.map((problem, index) => (
                <tr key={index}>
                  <td>{problem.line ?? "—"}</td>
                  <td>{problem.column ?? "—"}</td>
                  <td>{problem.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

function Changes({ row }: { row: ImportSummary["updated"][number] | ImportConflict }) {
  return (
    <ul>
      {Object.entries(row.changes).map(([field, change]) => (
        <li key={field}>
          {FIELD_LABELS[field as ProductField] ?? field}: {shown(field, change.before)} →{" "}
          {shown(field, change.after)}
        </li>
      ))}
      {row.picturesKept.length > 0 ? (
        <li>
          Kept, though the file leaves {row.picturesKept.length === 1 ? "it" : "them"} out:{" "}
          {row.picturesKept.join(", ")} (remove a picture on the product&apos;s page)
        </li>
      ) : null}
    </ul>
  );
}

function changedSince(conflict: ImportConflict): string {
  const last = conflict.lastChange;
  return (
    `Version ${conflict.fileVersion} in the file, ${conflict.currentVersion} now; changed ${formatWhen(conflict.changedAt)}` +
    (last ? `. Last change on its page: ${auditActionLabel(last.action)} by ${last.by}` : "")
  );
}

function ImportOutcome({
  summary,
  csv,
  refused,
  busy,
}: {
  summary: ImportSummary;
  csv: string;
  refused: string | undefined;
  busy: boolean;
}) {
  const fetcher = useFetcher<ImportAnswer>({ key: "product-import" });
  const changes = summary.created.length + summary.updated.length;
  const { conflicts, warnings } = summary;
  return (
    <div>
      <h3>{summary.dryRun ? "What the file would change" : "Imported"}</h3>
      {refused ? (
        <p role="alert" className={`${formStyles.notice} ${styles.flagNotice}`}>
          {refused}
        </p>
      ) : null}
      <p role="status">{summary.message}</p>
      <ul>
        <li>
          {summary.created.length} new:{" "}
          {summary.created.map((row) => row.name).join(", ") || "none"}
        </li>
        <li>{summary.updated.length} changed (below)</li>
        {conflicts.length > 0 ? (
          <li>{conflicts.length} changed in the shop since the file was exported (below)</li>
        ) : null}
        <li>{summary.unchanged} unchanged</li>
        <li>{summary.notInFile.length} not in the file (left as they are)</li>
      </ul>
      {warnings.length > 0 ? (
        <div className={styles.flagNotice}>
          <h4>Check before applying</h4>
          <ul>
            {warnings.map((warning) => (
              <li key={`${warning.line}-${warning.column}`}>
                Line {warning.line}, {warning.name} (product {warning.id}), {warning.column}:{" "}
                {warning.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {summary.updated.map((row) => (
        <details key={row.id} open={summary.updated.length <= 5}>
          <summary>
            {row.name} (product {row.id}, line {row.line})
            {row.versionChecked ? null : ": no version in the file, not checked"}
          </summary>
          <Changes row={row} />
        </details>
      ))}
      {summary.dryRun && (changes > 0 || conflicts.length > 0) ? (
        <fetcher.Form method="post" aria-label="Apply the import">
          <input type="hidden" name="csv" value={csv} />
          {conflicts.length > 0 ? <Conflicts conflicts={conflicts} /> : null}
          <button
            type="submit"
            name="intent"
            value="apply"
            className={formStyles.primary}
            disabled={busy}
          >
            {busy
              ? "Applying…"
              : changes > 0
                ? `Apply ${changes} ${changes === 1 ? "change" : "changes"}`
                : "Apply"}
          </button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}

/** Rows changed in the shop since the export: each applied only if staff tick it. */
function Conflicts({ conflicts }: { conflicts: ImportConflict[] }) {
  return (
    <>
      <p>
        These products changed in the shop after the file was exported: the file would undo those
        changes. Tick &ldquo;Use the file&apos;s version&rdquo; for each row to apply it anyway;
        while any is left unticked, applying imports nothing. To keep the shop&apos;s version
        instead, delete the row from the file, or export again and redo your change.
      </p>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <caption>Changed since the file was exported</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Product</th>
              <th scope="col">Changed in the shop</th>
              <th scope="col">The file would change</th>
              <th scope="col">Use the file&apos;s version</th>
            </tr>
          </thead>
          <tbody>
            {conflicts.map((conflict) => {
              const value = `${conflict.line}:${conflict.currentVersion}`;
              // Keyed by the version too: changed again, the row is a new question, unticked.
              return (
                <tr key={value}>
                  <td>{conflict.line}</td>
                  <th scope="row">
                    {conflict.name} (product {conflict.id})
                  </th>
                  <td>{changedSince(conflict)}</td>
                  <td>
                    <Changes row={conflict} />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      name={OVERRIDE_FIELD}
                      value={value}
                      defaultChecked={conflict.overridden}
                      aria-label={`Use the file's version of line ${conflict.line}, ${conflict.name}`}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
