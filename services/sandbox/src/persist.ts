import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { emptyState, type SandboxState } from './state.js';

/**
 * Optional persistence: the whole state as one JSON file, so a demo survives a restart.
 * Written atomically (temp file + rename) so a crash never leaves half a file behind.
 */
export class StateFile {
  private file: string;
  private timer?: NodeJS.Timeout;
  private last = '';

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = path.join(dataDir, 'sandbox-state.json');
  }

  load(): SandboxState {
    if (!existsSync(this.file)) return emptyState();
    const loaded = JSON.parse(readFileSync(this.file, 'utf8')) as SandboxState;
    const fresh = emptyState();
    return { ...fresh, ...loaded, knobs: { ...fresh.knobs, ...loaded.knobs } };
  }

  save(state: SandboxState): void {
    const json = JSON.stringify(state);
    if (json === this.last) return;
    writeFileSync(`${this.file}.tmp`, json);
    renameSync(`${this.file}.tmp`, this.file);
    this.last = json;
  }

  autosave(state: () => SandboxState, everyMs = 1000): void {
    this.timer = setInterval(() => this.save(state()), everyMs);
    this.timer.unref();
  }

  stop(state: SandboxState): void {
    if (this.timer) clearInterval(this.timer);
    this.save(state);
  }
}
