import { useFetcher } from "react-router";
import type { ImportSummary, ProductField } from "#core/admin/product-admin-schemas.ts";
import { FormField } from "#app/components/form-field.tsx";
import formStyles from "#app/components/forms.module.css";
import styles from "./admin.module.css";
import { formatDollars } from "./price-change.ts";
import { FIELD_LABELS } from "./product-form-data.ts";

export interface ImportProblem {
  line: number | null;
  column: string | null;
  reason: string;
}

/** What the import's action answers: the file's outcome, with the CSV to apply after a check. */
export type ImportAnswer =
  | { ok: true; summary: ImportSummary; csv: string }
  | { ok: false; message: string; problems: ImportProblem[] };

/** A field's value in the check's list of changes. */
function shown(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (field === "priceCents" && typeof value === "number") return formatDollars(value);
  if (Array.isArray(value)) return value.join(", ") || "(none)";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value as string | number);
}

/**
 * A products CSV (content/products.csv's format): "Check" lists what it would change and
 * changes nothing; "Apply" then sends the same file. A bad file lists each row's problem.
 */
export function ProductImport() {
  const fetcher = useFetcher<ImportAnswer>({ key: "product-import" });
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <section aria-labelledby="import-title">
      <h2 id="import-title">Import products</h2>
      <p>
        Choose a CSV file in content/products.csv&apos;s format, or paste it. Check shows what it
        would change; nothing changes until you apply it. Products the file leaves out stay as they
        are.
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
          <ImportOutcome summary={answer.summary} csv={answer.csv} busy={busy} />
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

function ImportOutcome({
  summary,
  csv,
  busy,
}: {
  summary: ImportSummary;
  csv: string;
  busy: boolean;
}) {
  const fetcher = useFetcher<ImportAnswer>({ key: "product-import" });
  const changes = summary.created.length + summary.updated.length;
  return (
    <div>
      <h3>{summary.dryRun ? "What the file would change" : "Imported"}</h3>
      <p role="status">{summary.message}</p>
      <ul>
        <li>
          {summary.created.length} new:{" "}
          {summary.created.map((row) => row.name).join(", ") || "none"}
        </li>
        <li>{summary.updated.length} changed (below)</li>
        <li>{summary.unchanged} unchanged</li>
        <li>{summary.notInFile.length} not in the file (left as they are)</li>
      </ul>
      {summary.updated.map((row) => (
        <details key={row.id} open={summary.updated.length <= 5}>
          <summary>
            {row.name} (product {row.id})
          </summary>
          <ul>
            {Object.entries(row.changes).map(([field, change]) => (
              <li key={field}>
                {FIELD_LABELS[field as ProductField] ?? field}: {shown(field, change.before)} →{" "}
                {shown(field, change.after)}
              </li>
            ))}
          </ul>
        </details>
      ))}
      {summary.dryRun && changes > 0 ? (
        <fetcher.Form method="post" aria-label="Apply the import">
          <input type="hidden" name="csv" value={csv} />
          <button
            type="submit"
            name="intent"
            value="apply"
            className={formStyles.primary}
            disabled={busy}
          >
            {busy ? "Applying…" : `Apply ${changes} ${changes === 1 ? "change" : "changes"}`}
          </button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
