// "Change since last preview" says what changed since what the person saw before they began to edit, and it
// compares by content (the body a preview sends), never by the editor's version numbers. Live preview answers
// at every typing pause, so the previews in between (10 -> 1 -> 2 -> 20) must not become the baseline: only an
// edit that begins after the text has rested (`editGapMs` with no keystroke) takes the preview shown at that
// moment as its baseline. A preview of the content shown last (Preview again, Send Again from History, a save)
// or one without an edit since is measured against the last one shown: the same figures say "no change".
import { comparePreviews, type PreviewChange, type PreviewSummary } from './summary';

/** Keystrokes closer than this belong to one edit (typing "20" over "10" is one change, not three). */
export const EDIT_GAP_MS = 2000;

/**
 * What a preview previews, as one string: the body it sends and the family. Two texts that send the same body
 * (a space added, the same digit typed over itself) are the same content; the same body is the same preview.
 */
export function previewContent(body: unknown, api?: 'v1'): string {
  return JSON.stringify({ api: api ?? 'v2', body });
}

interface DocumentPreviews {
  /** The last preview shown, and its content. */
  shown?: { summary: PreviewSummary; content: string };
  /** What the change is measured against: the preview shown when the current edit began. */
  baseline?: PreviewSummary;
  lastEditAt?: number;
  editedSinceShown: boolean;
}

export class PreviewBaselines {
  private readonly docs = new Map<string, DocumentPreviews>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly editGapMs = EDIT_GAP_MS,
  ) {}

  /** The document's text changed. */
  edited(source: string): void {
    const d = this.doc(source);
    const t = this.now();
    if (d.lastEditAt === undefined || t - d.lastEditAt > this.editGapMs) d.baseline = d.shown?.summary; // an edit begins
    d.lastEditAt = t;
    d.editedSinceShown = true;
  }

  /** A preview of `content` is shown for the document: the change to show with it, if there is a baseline. */
  shown(source: string, summary: PreviewSummary, content: string): PreviewChange | undefined {
    const d = this.doc(source);
    // The same content again, or no edit since the last one shown (another connection, a changed catalog, a
    // request sent again): the change is since the last one shown. Otherwise since the edit's baseline.
    if (d.shown && (!d.editedSinceShown || d.shown.content === content)) d.baseline = d.shown.summary;
    d.shown = { summary, content };
    d.editedSinceShown = false;
    return d.baseline && comparePreviews(d.baseline, summary);
  }

  forget(source: string): void {
    this.docs.delete(source);
  }

  private doc(source: string): DocumentPreviews {
    let d = this.docs.get(source);
    if (!d) this.docs.set(source, (d = { editedSinceShown: false }));
    return d;
  }
}
