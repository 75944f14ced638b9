// Part 6: the authoring loop. `astro dev` over a family, a page open in Chromium, one note edited
// again and again: how long from the write until the open page shows it.
import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { fmt, median } from './stats.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/chromium.ts';

const REPO = path.resolve(import.meta.dirname, '..');

export interface DevReloadResult {
  label: string;
  notes: number;
  /** Spawn to the first page answering 200. */
  startMs: number;
  /** Write to visible, per edit, for each page. */
  notePage: number[];
  soulPage: number[];
}

export async function devReload(label: string, vaultRoot: string, notes: number, edits: number, log: (s: string) => void): Promise<DevReloadResult> {
  const port = 4700 + Math.floor(Math.random() * 200);
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = spawn(process.execPath, [path.join(REPO, 'node_modules/astro/bin/astro.mjs'), 'dev', '--ignore-lock', '--root', REPO, '--host', '127.0.0.1', '--port', String(port)], {
    cwd: REPO,
    env: { ...process.env, SOUL_VAULT_DIR: vaultRoot, SOULPRESS_SEARCH: 'off', ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    let status = 0;
    for (let i = 0; i < 1200 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      status = await fetch(`${origin}/notes/pippa/core/curiosity/`).then((r) => r.status, () => 0);
    }
    if (status !== 200) throw new Error('astro dev did not serve the note page');
    const startMs = performance.now() - started;
    const note = path.join(vaultRoot, 'pippa/core/curiosity.md');
    const page = await browser.newPage();
    // Warm up as a first visit would (Vite optimises client dependencies once), then time each edit
    // only once Vite's client on the page is connected: a reload sent before that reaches no one.
    for (const where of ['/notes/pippa/core/curiosity/', '/souls/pippa/']) {
      await page.goto(`${origin}${where}`);
      await page.waitForLoadState('networkidle');
    }
    await page.waitForTimeout(1000);
    const timed = async (where: string, run: number): Promise<number> => {
      const connected = page.waitForEvent('console', { predicate: (m) => m.text().includes('[vite] connected'), timeout: 30_000 });
      await page.goto(`${origin}${where}`);
      await connected;
      const marker = `bench-marker-${label}-${where.length}-${run}`;
      const t0 = performance.now();
      appendFileSync(note, `\n${marker}\n`);
      await page.waitForFunction((m) => document.querySelector('main')?.textContent?.includes(m), marker, { timeout: 60_000, polling: 20 });
      return performance.now() - t0;
    };
    const result: DevReloadResult = { label, notes, startMs, notePage: [], soulPage: [] };
    for (let run = 0; run < edits; run++) {
      result.notePage.push(await timed('/notes/pippa/core/curiosity/', run));
      result.soulPage.push(await timed('/souls/pippa/', run));
      log(`   edit ${run + 1}: note page ${fmt(result.notePage.at(-1)!)} ms, soul page ${fmt(result.soulPage.at(-1)!)} ms`);
    }
    return result;
  } finally {
    await browser.close();
    server.kill();
  }
}

export function devReloadTable(rows: DevReloadResult[], goals: Record<string, number>): string {
  const lines = ['| family | notes | dev server up | note page, median (max) | soul page, median (max) | goal | met |', '|---|---:|---:|---:|---:|---:|---|'];
  for (const r of rows) {
    const goal = goals[r.label];
    const worst = Math.max(median(r.notePage), median(r.soulPage));
    lines.push(`| ${r.label} | ${fmt(r.notes)} | ${fmt(r.startMs / 1000, 1)} s | ${fmt(median(r.notePage))} ms (${fmt(Math.max(...r.notePage))}) | ${fmt(median(r.soulPage))} ms (${fmt(Math.max(...r.soulPage))}) | ${goal === undefined ? '-' : `${fmt(goal)} ms`} | ${goal === undefined ? '-' : worst <= goal ? 'yes' : '**no**'} |`);
  }
  return lines.join('\n');
}
