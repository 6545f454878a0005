// Callers place many findings in one text (a file with 100,000 of them): the line starts of the last text
// asked about are kept, so each place is a binary search, not a count of the lines before it.
let indexed: { text: string; starts: number[] } | undefined;

/** 1-based line and column of an offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  if (indexed?.text !== text) indexed = { text, starts: lineStarts(text) };
  const starts = indexed.starts;
  let lo = 0,
    hi = starts.length - 1; // the last line starting at or before offset
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo] + 1 };
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}
