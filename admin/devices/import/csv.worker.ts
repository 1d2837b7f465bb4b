/// <reference lib="webworker" />
import { parseCsv } from './csv';

// Parses off the main thread: a file of 10,000 rows does not freeze the page.
self.onmessage = async (event: MessageEvent<File>) => {
  try {
    const text = await event.data.text();
    self.postMessage({ ok: true, parsed: parseCsv(text) });
  } catch (error) {
    self.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
  }
};
