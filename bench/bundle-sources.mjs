// What each console route's JavaScript is made of (issue #20): builds the console once more with
// source maps (into dist/admin-sources, the served build untouched), attributes every chunk's
// minified bytes to the sources they come from, and shares the chunk's gzip size among them pro
// rata. The routes' chunks are those `VERBOSE=1 node bench/bundle.mjs` lists (its output, saved
// to a file, is the second argument), so the figures add up to the bench's.
// Usage: VERBOSE=1 node bench/bundle.mjs URL > routes.txt; node bench/bundle-sources.mjs routes.txt [top=25] [--modules]
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { TraceMap, decodedMappings } from '@jridgewell/trace-mapping';

const [routesFile, top = '25'] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const byModule = process.argv.includes('--modules');
const chunks = new Map();

/** Minified bytes per source file, read from the chunk's source map. */
function bytesBySource(code, map) {
  const traced = new TraceMap(map);
  const lines = code.split('\n');
  const bytes = new Map();
  decodedMappings(traced).forEach((segments, index) => {
    const length = (lines[index] ?? '').length;
    segments.forEach((segment, at) => {
      const end = at + 1 < segments.length ? segments[at + 1][0] : length;
      const source = segment.length > 1 ? traced.sources[segment[1]] : '(bundler glue)';
      bytes.set(source, (bytes.get(source) ?? 0) + end - segment[0]);
    });
  });
  return bytes;
}

await build({
  configFile: 'vite.config.ts',
  logLevel: 'error',
  build: { sourcemap: 'hidden', outDir: '../dist/admin-sources' },
  plugins: [
    {
      name: 'bundle-sources',
      writeBundle(_options, bundle) {
        for (const [file, chunk] of Object.entries(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.map) continue;
          chunks.set(file.split('/').pop(), {
            raw: chunk.code.length,
            gzip: gzipSync(chunk.code, { level: 9 }).length,
            bytes: bytesBySource(chunk.code, chunk.map),
          });
        }
      },
    },
  ],
});

/** A package (node_modules), an admin or locales folder, or the file itself with --modules. */
function groupOf(source) {
  const path = source.replace(/^(\.\.\/)+/, '');
  const inPackage = path.split('node_modules/').pop();
  if (byModule) return inPackage;
  if (path.includes('node_modules/')) {
    const parts = inPackage.split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  const parts = path.split('/');
  return parts.length > 2 ? parts.slice(0, parts[0] === 'admin' || parts[0] === 'locales' ? 2 : 1).join('/') : path;
}

for (const line of fs.readFileSync(routesFile, 'utf8').split('\n')) {
  const [route, ...names] = line.replace(' (in use)', '(in-use)').split(' ');
  if (!route.startsWith('/') || names.length === 0) continue;
  const groups = new Map();
  let gzip = 0;
  for (const name of names) {
    const chunk = chunks.get(name);
    if (!chunk) continue; // the bundler's runtime chunk has no source map
    gzip += chunk.gzip;
    for (const [source, bytes] of chunk.bytes) groups.set(groupOf(source), (groups.get(groupOf(source)) ?? 0) + (bytes / chunk.raw) * chunk.gzip);
  }
  console.log(`\n${route}: ${names.length} scripts, ${(gzip / 1024).toFixed(0)} KiB gzip`);
  for (const [group, bytes] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) console.log(`${(bytes / 1024).toFixed(1).padStart(6)}  ${group}`);
}
fs.rmSync('dist/admin-sources', { recursive: true, force: true });
