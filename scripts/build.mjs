// `npm run build`: rebuild server, console and marketing site.
import { ensureBuilt, ensureInstalled } from './lib.mjs';

await ensureInstalled();
await ensureBuilt({ force: process.argv.includes('--force') });
