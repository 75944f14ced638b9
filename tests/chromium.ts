// How every test and bench here starts Chromium: Debian's, never a downloaded browser, with no sandbox
// (the machines run as root) and none of its background traffic (no internet but the registries).
/** The system Chromium: `$CHROMIUM_PATH`, else Debian's `chromium` package. */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] || '/usr/bin/chromium';

/** The switches every launch passes; a caller may add its own after them. */
export const CHROMIUM_ARGS: readonly string[] = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
