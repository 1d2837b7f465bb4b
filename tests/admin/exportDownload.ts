import { vi } from 'vitest';

/**
 * Stands in for the browser's part of a download (jsdom has no object URLs): records the names of
 * the files saved; `restore` puts everything back.
 */
export function captureDownloads(): { saved: string[]; restore: () => void } {
  const saved: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const { createObjectURL, revokeObjectURL } = URL;
  URL.createObjectURL = () => 'blob:export';
  URL.revokeObjectURL = () => undefined;
  return {
    saved,
    restore: () => {
      click.mockRestore();
      Object.assign(URL, { createObjectURL, revokeObjectURL });
    },
  };
}
