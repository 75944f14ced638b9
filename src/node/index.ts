// Node-only pieces: the file stores and where the vault and agents roots are.
export { FsStore } from './fs-store.ts';
export { FsAgentStore } from './agent-store.ts';
export { vaultRoot } from './vault-root.ts';
export { agentsRoot, listAgents } from './agents-root.ts';
