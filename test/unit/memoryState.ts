// workspaceState as VS Code keeps it, for the history store's tests: values go through JSON.
import type { StateStore } from '../../src/services/requestHistory';

export class MemoryState implements StateStore {
  readonly saved = new Map<string, string>();
  get<T>(key: string): T | undefined {
    const v = this.saved.get(key);
    return v === undefined ? undefined : (JSON.parse(v) as T);
  }
  update(key: string, value: unknown): Promise<void> {
    this.saved.set(key, JSON.stringify(value));
    return Promise.resolve();
  }
}
