/**
 * CSV as spreadsheets read it (RFC 4180): a cell with a comma, a quote or a line break is quoted,
 * quotes doubled. A text a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * apostrophe: a device named "=HYPERLINK(…)" stays a name when the export is opened.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of CSV, ended with CRLF as RFC 4180 writes it. */
export const csvLine = (cells: readonly (string | number | null | undefined)[]): string => `${cells.map(csvCell).join(',')}\r\n`;

/** A file-name part from a free text: lower case letters, digits and dashes. */
export const fileNamePart = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'export';
