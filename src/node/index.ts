// Node-only pieces: the file stores and where the vault and agents roots are.
export { FsStore } from './fs-store.ts';
export { FsAgentStore, nameText, outsideStandIn, AGENT_FILE_MAX_BYTES, AGENT_TOTAL_MAX_BYTES } from './agent-store.ts';
export type { FsAgentStoreOptions } from './agent-store.ts';
export { vaultRoot } from './vault-root.ts';
export { agentsRoot, agentsRootNamed, listAgentDirs, listAgents, AgentsRootError } from './agents-root.ts';
export type { AgentDir } from './agents-root.ts';
