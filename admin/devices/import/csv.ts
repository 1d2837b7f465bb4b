import Papa from 'papaparse';

/** A parsed file: its header row and the data rows, each with the file line it came from. */
export interface ParsedCsv {
  headers: string[];
  records: { line: number; cells: string[] }[];
}

/**
 * Parses CSV text as real exports come: a byte-order mark, `;`, `,` or tab separators (detected),
 * quoted fields, blank lines. The first non-blank row is the header.
 */
export function parseCsv(text: string): ParsedCsv {
  const result = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t', '|'] });
  const rows = result.data;
  const [header = [], ...body] = rows;
  // Papa's line numbers are not kept with skipEmptyLines, so lines count data rows after the header.
  return { headers: header.map((cell) => cell.trim()), records: body.map((cells, index) => ({ line: index + 2, cells })) };
}

export interface ColumnMapping {
  devEui: number | null;
  appKey: number | null;
  name: number | null;
  /** Optional: a device without a JoinEUI (AppEUI) joins with zeros. */
  joinEui: number | null;
}

/** No column chosen yet. */
export const NO_MAPPING: ColumnMapping = { devEui: null, appKey: null, name: null, joinEui: null };

const compact = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Where a file comes from (spec §5): a device-vendor shop export, or a generic CSV. */
export type ImportSource = 'vendor' | 'generic';

/** Header names (lower case, letters and digits only) that name a field: `DevEUI`, `dev_eui`, `Device EUI`… */
const FIELD_NAMES: Record<keyof ColumnMapping, string[]> = {
  devEui: ['deveui', 'deviceeui'],
  appKey: ['appkey'],
  name: ['name'],
  joinEui: ['joineui', 'appeui'],
};
/** Shop exports also use these names for the same columns. */
const SHOP_NAMES: Record<keyof ColumnMapping, string[]> = {
  devEui: [...FIELD_NAMES.devEui, 'eui', 'deveuihex'],
  appKey: [...FIELD_NAMES.appKey, 'applicationkey', 'appkeyhex'],
  name: [...FIELD_NAMES.name, 'devicename', 'label'],
  joinEui: [...FIELD_NAMES.joinEui, 'applicationeui', 'joineuihex', 'appeuihex'],
};

/**
 * The columns chosen for a file before the user looks: a shop export's by the names shops use, a
 * generic file's only where a header names the field itself (the user checks or changes them).
 */
export function detectColumns(headers: readonly string[], source: ImportSource = 'vendor'): ColumnMapping {
  const names = source === 'vendor' ? SHOP_NAMES : FIELD_NAMES;
  const find = (field: keyof ColumnMapping) => {
    const index = headers.findIndex((header) => names[field].includes(compact(header)));
    return index === -1 ? null : index;
  };
  return { devEui: find('devEui'), appKey: find('appKey'), name: find('name'), joinEui: find('joinEui') };
}

export interface ImportRow {
  line: number;
  dev_eui: string;
  /** Empty when the file has no JoinEUI for the device: the API then stores zeros. */
  join_eui: string;
  app_key: string;
  name: string;
  /** The device profile for this device (review step); the import's configuration by default. */
  config: string | null;
}

/** The rows to import under a mapping; cells are trimmed, nothing else is changed (the API normalises hex). */
export function toImportRows(parsed: ParsedCsv, mapping: ColumnMapping, config: string | null): ImportRow[] {
  const cell = (cells: string[], index: number | null) => (index === null ? '' : (cells[index] ?? '').trim());
  return parsed.records.map((record) => ({
    line: record.line,
    dev_eui: cell(record.cells, mapping.devEui),
    join_eui: cell(record.cells, mapping.joinEui),
    app_key: cell(record.cells, mapping.appKey),
    name: cell(record.cells, mapping.name),
    config,
  }));
}

/** Why the mapping step cannot go on yet (spec §5: configuration, DevEUI column and AppKey column). */
export function mappingErrors(mapping: ColumnMapping, config: string | null): string[] {
  const errors: string[] = [];
  if (!config) errors.push('app.import.need_config');
  if (mapping.devEui === null) errors.push('app.import.need_dev_eui');
  if (mapping.appKey === null) errors.push('app.import.need_app_key');
  if (mapping.devEui !== null && mapping.devEui === mapping.appKey) errors.push('app.import.same_column');
  if (mapping.joinEui !== null && (mapping.joinEui === mapping.devEui || mapping.joinEui === mapping.appKey)) errors.push('app.import.join_eui_same_column');
  return errors;
}

/** Whether a file is a CSV by name or type (spec §5: source files must be CSV). */
export const isCsvFile = (file: { name: string; type: string }): boolean => /\.csv$/i.test(file.name) || file.type === 'text/csv';
