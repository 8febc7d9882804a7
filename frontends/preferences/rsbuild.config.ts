import { defineConfig } from '@rsbuild/core';
import { remoteConfig } from '@belegfluss/frontend-kit/federation';

// Served on its own port; the shell finds it through the manifest URL in its config.json.
export default defineConfig(remoteConfig({ name: 'preferences', port: 3001 }));
