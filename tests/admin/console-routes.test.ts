import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSOLE_ROUTES } from '../../server/src/http/static';

const adminDir = path.resolve(__dirname, '../../admin');

/** Every file under admin/, for the path constants the console's routes are built from. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The first segment of every page the console routes: its path constants and its resources with pages. */
function consoleSegments(): string[] {
  const segments = new Set<string>();
  for (const file of sources(adminDir)) {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/export const \w+_PATH = '\/([^/'?]+)/g)) {
      if (match[1] !== 'api') segments.add(match[1] as string);
    }
  }
  const app = fs.readFileSync(path.join(adminDir, 'App.tsx'), 'utf8');
  // A resource with props has pages (list, show, edit…); a bare <Resource name="x" /> only names data.
  for (const match of app.matchAll(/<Resource name="([^"]+)" \{/g)) segments.add(match[1] as string);
  return [...segments].sort();
}

describe('console routes served by the server', () => {
  it('serve every page the console routes, so a reload or a shared link opens it instead of the 404 page', () => {
    const served = new Set<string>(CONSOLE_ROUTES);
    expect(consoleSegments().filter((segment) => !served.has(segment))).toEqual([]);
  });
});
