import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. The site is built first (npm run build);
// the web server only previews dist/.
export default defineConfig({
  testDir: 'tests/browser',
  outputDir: 'test-results/playwright',
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: 'http://127.0.0.1:4321',
    trace: 'off',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
        },
      },
    },
  ],
  webServer: {
    command: 'test -f dist/index.html || npm run build; npm run preview',
    url: 'http://127.0.0.1:4321/',
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
