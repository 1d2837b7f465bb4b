import type { ParsedCsv } from './csv';

/** Parses a CSV file in a Web Worker (papaparse off the main thread). */
export function parseFileInWorker(file: File): Promise<ParsedCsv> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./csv.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<{ ok: true; parsed: ParsedCsv } | { ok: false; message: string }>) => {
      worker.terminate();
      if (event.data.ok) resolve(event.data.parsed);
      else reject(new Error(event.data.message));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(file);
  });
}
