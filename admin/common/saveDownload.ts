import type { Download } from '../providers/dataProvider';

/** Hands a downloaded file (an export) to the browser to save under its name. */
export function saveDownload({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}
