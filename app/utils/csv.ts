/**
 * One RFC 4180 CSV cell: objects as JSON, quoted when needed, and a text a spreadsheet would run
 * as a formula (=, +, -, @ first) prefixed with a quote.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "object" ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as CSV text with CRLF line ends. */
export function csvLines(lines: ReadonlyArray<readonly unknown[]>): string {
  return lines.map((cells) => cells.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
