/**
 * Prints the share of source lines that are comments in app/, server/ and core/ (tests
 * excluded) and fails when one is over the ceiling: comments say why, briefly (issue 35).
 *
 *   node --import tsx scripts/comment-ratio.ts
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { runFromCommandLine, type CommandResult } from "./command-line.ts";

export const FOLDERS = ["app", "server", "core"] as const;
export const CEILING = 0.06;

export interface LineCount {
  comment: number;
  total: number;
}

/**
 * Counts with the TypeScript parser rather than a pattern, so `//` in a string, a URL or a
 * regular expression is not a comment. A line is a comment line when everything on it is inside
 * a comment; code with a trailing comment is code. A JSX comment `{/* … *\/}` counts whole.
 */
export function countLines(fileName: string, text: string): LineCount {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    false,
    scriptKind(fileName),
  );
  const ranges: Array<[number, number]> = [];
  const seen = new Set<number>();
  const addCommentsBefore = (position: number) => {
    for (const range of ts.getLeadingCommentRanges(text, position) ?? []) {
      if (seen.has(range.pos)) continue;
      seen.add(range.pos);
      ranges.push([range.pos, range.end]);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxExpression(node) && node.expression === undefined) {
      ranges.push([node.getStart(source), node.end]);
      return;
    }
    // JSX text is not trivia ("http://…" in it is text); a JSDoc node lies inside its comment.
    if (node.kind === ts.SyntaxKind.JsxText || ts.isJSDoc(node)) return;
    const children = node.getChildren(source);
    if (children.length === 0) addCommentsBefore(node.pos);
    for (const child of children) visit(child);
  };
  visit(source);

  const inComment = new Uint8Array(text.length);
  for (const [start, end] of ranges) inComment.fill(1, start, end);

  const counts: LineCount = { comment: 0, total: 0 };
  let start = 0;
  for (const line of text.split("\n")) {
    const end = start + line.length;
    let touchesComment = false;
    let code = false;
    for (let at = start; at < end; at++) {
      if (inComment[at]) touchesComment = true;
      else if (!/\s/.test(text[at] ?? "")) code = true;
    }
    if (start < text.length || line.length > 0) counts.total++;
    if (touchesComment && !code) counts.comment++;
    start = end + 1;
  }
  return counts;
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith(".tsx")) return ts.ScriptKind.TSX;
  if (fileName.endsWith(".js")) return ts.ScriptKind.JSX;
  return ts.ScriptKind.TS;
}

/** Source files: .ts, .tsx and .js, without tests (`*.test.*`, `*.spec.*`, `tests/`). */
export function isCountedSource(relativePath: string): boolean {
  const parts = relativePath.split(/[\\/]/);
  const name = parts.at(-1) ?? "";
  return (
    /\.(ts|tsx|js)$/.test(name) &&
    !/\.(test|spec)\./.test(name) &&
    !parts.includes("tests") &&
    !parts.includes("node_modules")
  );
}

export async function countFolder(folder: string): Promise<LineCount> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const total: LineCount = { comment: 0, total: 0 };
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (!isCountedSource(path.relative(folder, file))) continue;
    const counts = countLines(file, await readFile(file, "utf8"));
    total.comment += counts.comment;
    total.total += counts.total;
  }
  return total;
}

export async function commentRatioCommand(
  args: string[],
  root = process.cwd(),
): Promise<CommandResult> {
  const folders = args.length > 0 ? args : FOLDERS;
  const lines: string[] = [];
  let over = false;
  for (const folder of folders) {
    const { comment, total } = await countFolder(path.join(root, folder));
    const share = total === 0 ? 0 : comment / total;
    if (share > CEILING) over = true;
    lines.push(
      `${folder.padEnd(7)}${(share * 100).toFixed(1).padStart(5)}% comments (${comment} of ${total} lines)`,
    );
  }
  return {
    code: over ? 1 : 0,
    stdout: `${lines.join("\n")}\n`,
    stderr: over
      ? `Comments over ${CEILING * 100}% of lines: they say why, briefly (STYLE.md 20).\n`
      : "",
  };
}

await runFromCommandLine(import.meta.url, commentRatioCommand);
