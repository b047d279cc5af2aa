import type { AuditEntry } from "#core/admin/admin-schemas.ts";
import { auditActionLabel } from "#core/admin/audit-actions.ts";
import { formatWhen } from "./admin-format.ts";
import styles from "./admin.module.css";

function describe(entry: AuditEntry): string {
  const details = entry.details ?? {};
  const parts = Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(
      ([key, value]) =>
        `${key}: ${typeof value === "object" ? JSON.stringify(value) : String(value)}`,
    );
  return parts.join(", ");
}

export function AuditTable({
  entries,
  caption,
  showRecord = true,
}: {
  entries: AuditEntry[];
  caption: string;
  showRecord?: boolean;
}) {
  if (entries.length === 0) return <p className={styles.muted}>No staff action recorded yet.</p>;
  return (
    // Nothing inside to focus, so the box takes focus and a keyboard can scroll it (WCAG 2.1.1).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region, as above
    <div className={styles.tableWrap} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Who</th>
            <th scope="col">What</th>
            {showRecord ? <th scope="col">Record</th> : null}
            <th scope="col">Details</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>
                <time dateTime={entry.at}>{formatWhen(entry.at)}</time>
              </td>
              <td>{entry.actor}</td>
              <td>{auditActionLabel(entry.action)}</td>
              {showRecord ? (
                <td>
                  {entry.entity} {entry.entityId}
                </td>
              ) : null}
              <td className={styles.auditDetails}>{describe(entry)}</td>
              <td>{entry.address}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
