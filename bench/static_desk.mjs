// The static desk's first load in headless Chromium, from a cold cache: a
// fresh browser profile per run, the page opened from file:// and from a
// plain static file server (python3 -m http.server, no xq running). For
// each run: first contentful paint, the desk interactive (the page's
// `desk-ready` mark: board drawn, editions listed, controls wired), the
// first frame on the screen after that mark (`desk-painted`), and the
// oracle's module compiled (`desk-oracle`; the pages before that mark had
// none). Prints the median of RUNS for each page.
//
//   node bench/static_desk.mjs RUNS URL...
// bench/static_desk.sh exports the page and runs this.
import { chromium } from '../oracle/cli/desk/e2e/node_modules/playwright-core/index.mjs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [runsArg, ...urls] = process.argv.slice(2);
const runs = Number(runsArg);
if (!runs || !urls.length) {
  console.error('usage: node bench/static_desk.mjs RUNS URL...');
  process.exit(2);
}
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const round = (x) => (x === undefined || Number.isNaN(x) ? '-' : Math.round(x));

// The pages take turns, run by run, so that a change in the machine's load
// falls on each alike.
const rowsOf = new Map(urls.map((u) => [u, []]));
for (let i = 0; i < runs; i++) {
  for (const url of urls) {
    const rows = rowsOf.get(url);
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'xq-static-bench-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
      headless: true,
      viewport: { width: 1440, height: 1000 },
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
        '--disable-component-update', '--disable-sync'],
    });
    try {
      const page = context.pages()[0] || (await context.newPage());
      // The first frame drawn after desk-ready: a mark says the page is
      // wired, not that it is on the screen (its layout, with the fonts'
      // matching, comes after). A task posted from the next animation frame
      // runs once that frame has been drawn.
      await page.addInitScript(() => {
        new PerformanceObserver((list) => {
          if (!list.getEntries().some((e) => e.name === 'desk-ready')) return;
          requestAnimationFrame(() => {
            const c = new MessageChannel();
            c.port1.onmessage = () => performance.mark('desk-painted');
            c.port2.postMessage(0);
          });
        }).observe({ type: 'mark' });
      });
      await page.goto(url);
      await page.waitForFunction(() => document.documentElement.dataset.ready === 'page'
        && performance.getEntriesByName('desk-painted').length > 0, null, { timeout: 30000 });
      // Pages written before the module was compiled in the background have
      // no desk-oracle mark: their module was ready at desk-ready.
      await page.waitForFunction(() => document.documentElement.dataset.oracle === 'ready'
        || !document.querySelector('script[type=module]').textContent.includes('desk-oracle'), null, { timeout: 30000 });
      rows.push(await page.evaluate(() => {
        const at = (n) => { const e = performance.getEntriesByName(n)[0]; return e ? e.startTime : NaN; };
        const ready = at('desk-ready');
        const oracle = at('desk-oracle');
        return { fcp: at('first-contentful-paint'), ready, painted: at('desk-painted'), oracle: Number.isNaN(oracle) ? ready : oracle };
      }));
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  }
}
for (const [url, rows] of rowsOf) {
  const col = (k) => rows.map((r) => round(r[k]));
  console.log(`${url}\n  first paint ${round(median(rows.map((r) => r.fcp)))} ms, interactive ${round(median(rows.map((r) => r.ready)))} ms, ` +
    `interactive on screen ${round(median(rows.map((r) => r.painted)))} ms, ` +
    `module compiled ${round(median(rows.map((r) => r.oracle)))} ms (median of ${runs}; on screen per run: ${col('painted').join(' ')}; module: ${col('oracle').join(' ')})`);
}
