// The last preview of each file, so the next one shows what changed since (per file, for this window).
import { comparePreviews, type PreviewChange, type PreviewSummary } from '../client';

export class PreviewHistory {
  private readonly last = new Map<string, PreviewSummary>();

  /** Keeps `summary` as the file's last preview; returns the change since the one before, if any. */
  record(file: string, summary: PreviewSummary): PreviewChange | undefined {
    const before = this.last.get(file);
    this.last.set(file, summary);
    return before && comparePreviews(before, summary);
  }
}
