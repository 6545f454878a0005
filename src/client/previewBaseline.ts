// "Change since last preview" says what changed since what the person saw before they began to edit. Live
// preview answers at every typing pause, so the previews in between (10 -> 1 -> 2 -> 20) and repeats of the
// same text (a save, the CodeLens) must not become the baseline: only an edit that begins after the text has
// rested (`editGapMs` with no keystroke) takes the preview shown at that moment as its baseline.
import { comparePreviews, type PreviewChange, type PreviewSummary } from './summary';

/** Keystrokes closer than this belong to one edit (typing "20" over "10" is one change, not three). */
export const EDIT_GAP_MS = 2000;

interface DocumentPreviews {
  /** The last preview shown. */
  shown?: PreviewSummary;
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
    if (d.lastEditAt === undefined || t - d.lastEditAt > this.editGapMs) d.baseline = d.shown; // an edit begins
    d.lastEditAt = t;
    d.editedSinceShown = true;
  }

  /** A preview of the document is shown: the change to show with it, if there is a baseline. */
  shown(source: string, summary: PreviewSummary): PreviewChange | undefined {
    const d = this.doc(source);
    // Shown again without an edit: new figures (another connection, a changed catalog) are a change since the
    // last one; the same figures keep the change there was, or, with none yet, say "no change".
    if (!d.editedSinceShown && d.shown && (!d.baseline || !samePreview(d.shown, summary))) d.baseline = d.shown;
    d.shown = summary;
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

const samePreview = (a: PreviewSummary, b: PreviewSummary) => comparePreviews(a, b).rows.length === 0;
