// Notes written to attack the site: script tags, event handlers, javascript: and data: URLs in
// every Markdown and HTML form, and frontmatter titles and summaries that try to break out of an
// attribute or a tag. Planted into a copy of the sample vault root, where the sample lessons still
// build (voice.md, which a lesson embeds, is replaced in place and stays inline).
import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { VAULTS } from './dist.ts';

export interface HostileNote {
  uri: string;
  /** Site path of the note's page, from the base. */
  page: string;
  /** The title exactly as a reader must see it, as text. */
  title: string;
  /** Raw HTML of the body that a reader must see as text on the note page. */
  literals: string[];
}

const SCRIPT = '<script>alert(1)</script>';

const VOICE_TITLE = '"><script>alert(1)</script>';
const INDEX_TITLE = '<img src=x onerror=alert(1)>';
const CORE_TITLE = "</title><svg onload=alert(1)> ' onmouseover=alert(1) x='";

const yamlQuote = (s: string) => `'${s.replaceAll("'", "''")}'`;

const VOICE = `---
title: ${yamlQuote(VOICE_TITLE)}
summary: ${yamlQuote('<img src=x onerror=alert(1)> the summary')}
prompt_loading: inline
tags: [voice, "<script>alert(1)</script>"]
---

# Voice

${SCRIPT}

Inline <img src=x onerror=alert(1)> and <svg onload=alert(1)> and <iframe src="javascript:alert(1)"></iframe>.

- [click](javascript:alert(1))
- <a href="data:text/html,<script>alert(1)</script>">data link</a>
- autolink <javascript:alert(1)>
- [reference][evil]
- [entity](&#106;avascript:alert(1))
- ![x](javascript:alert(1))
- [the honesty note](soul://cwkpippa-shared/core/honesty.md)

[evil]: JaVaScRiPt:alert(1)

## Three distances

A heading that the lesson embedding this note has too.
`;

const INDEX = `---
title: ${yamlQuote(INDEX_TITLE)}
summary: ${yamlQuote('"><svg onload=alert(1)>')}
---

<img src=x onerror=alert(1)> starts the first line, <b onmouseover=alert(1)>bold</b> follows, then *emphasis*, **strong** and \`<script>alert(5)</script>\` as code.

<iframe src="javascript:alert(1)"></iframe>

<details open ontoggle=alert(1)><summary>s</summary>d</details>

[tab](java&#x09;script:alert(1)) [spaced]( javascript:alert(1) ) [angle](<javascript:alert(1)>) [vb](vbscript:msgbox(1))
[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [proto](//evil.example/x.js)

<a href="&#106;avascript:alert(1)">entity in HTML</a> <form action="javascript:alert(1)"><button>go</button></form>

<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><base href="javascript:alert(1)//">

<object data="javascript:alert(1)"></object><embed src="javascript:alert(1)"><math><mi xlink:href="javascript:alert(1)">m</mi></math>

<style>body { background: url("javascript:alert(1)") }</style>
`;

const CORE = `---
title: ${yamlQuote(CORE_TITLE)}
summary: ${yamlQuote(`${SCRIPT} in a summary`)}
"<b onmouseover=alert(1)>key</b>": ${yamlQuote(SCRIPT)}
---

# Hostile core

${SCRIPT}

Links to the other hostile notes: [voice](../../cwkpippa-shared/core/voice.md) does not resolve across vaults,
[voice by URI](soul://cwkpippa-shared/core/voice.md), and \`soul://pippa/index/hostile-index.md\`.

![javascript](javascript:alert(1)) ![remote](https://example.org/x.png)

\`\`\`html
${SCRIPT}
\`\`\`

import fs from 'node:fs'

{alert(1)}

## Main

## Note popover

Headings whose ids the page's own markup uses.

## Frontmatter title
`;

/** Copy the sample vault root to `dir`, plant the hostile notes, and describe them. */
export function plantHostileVault(dir: string): HostileNote[] {
  cpSync(VAULTS, dir, { recursive: true });
  writeFileSync(path.join(dir, 'cwkpippa-shared/core/voice.md'), VOICE);
  writeFileSync(path.join(dir, 'pippa/index/hostile-index.md'), INDEX);
  writeFileSync(path.join(dir, 'pippa/core/hostile-core.md'), CORE);
  return [
    {
      uri: 'soul://cwkpippa-shared/core/voice.md',
      page: 'notes/cwkpippa-shared/core/voice/',
      title: VOICE_TITLE,
      literals: [SCRIPT, '<img src=x onerror=alert(1)>', '<iframe src="javascript:alert(1)"></iframe>'],
    },
    {
      uri: 'soul://pippa/index/hostile-index.md',
      page: 'notes/pippa/index/hostile-index/',
      title: INDEX_TITLE,
      literals: ['<iframe src="javascript:alert(1)"></iframe>', '<form action="javascript:alert(1)">', '<base href="javascript:alert(1)//">'],
    },
    {
      uri: 'soul://pippa/core/hostile-core.md',
      page: 'notes/pippa/core/hostile-core/',
      title: CORE_TITLE,
      literals: [SCRIPT, "import fs from 'node:fs'", '{alert(1)}'],
    },
  ];
}
