import { resolveWorkspacesFromSource } from '../workspace-sources';

// Imported first by the global setup, so the imports after it load the workspaces' source.
resolveWorkspacesFromSource();
