import { defineConfig, devices } from '@playwright/test';
// The servers and builds the specs start share the test run's compile cache.
import './tests/compile-cache.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/chromium.ts';

// Debian's Chromium, never a downloaded browser. The site is built first (npm run build);
// the web server only previews dist/. Its own port, not npm start's 4321: a preview of another
// checkout already on 4321 would otherwise be reused and tested in this one's place.
const PORT = Number(process.env['SOULPRESS_TEST_PORT'] ?? 4329);

export default defineConfig({
  testDir: 'tests/browser',
  outputDir: 'test-results/playwright',
  // Two workers on the two cores: each test file runs in one worker, so the accessibility walk (which
  // keeps the CPU busy) runs beside the other files, whose waits for the network to go quiet and for
  // dev servers to reload would otherwise leave a core idle. On a shared CPU a page takes longer to
  // reach the state a test waits for, hence the longer wait than Playwright's default 5 s.
  fullyParallel: false,
  workers: 2,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          // --renderer-process-limit=1: a context's pages share one renderer process (contexts never share
          // one), and Chromium stops starting a spare renderer beside each new page that this suite's one
          // page a context never uses: 101-107 CPU-s against 112-114 for the layout-shift and preview
          // specs, two alternating pairs (docs/decisions.md).
          args: [...CHROMIUM_ARGS, '--renderer-process-limit=1'],
        },
      },
    },
  ],
  webServer: {
    command: `test -f dist/index.html || npm run build; astro preview --host 127.0.0.1 --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
