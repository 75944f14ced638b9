// Node-only pieces: the file store and where the vault root is.
export { FsStore } from './fs-store.ts';
export { vaultRoot } from './vault-root.ts';
