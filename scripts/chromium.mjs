// Debian's Chromium as every browser run here starts it: the e2e suite, the bundle, import and
// Lighthouse benchmarks. Nothing may download a browser, and this machine reaches no network,
// so background services that would try are switched off.
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};
