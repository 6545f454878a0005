// One self-contained HTML file a person opens after a CI run: no script, no external resource (a strict CSP
// says so), light and dark. A summary first, then the scenarios (failures first), each step on a time line
// with its request and answer (already redacted). Every text from a scenario or an answer is escaped.
import { formatPath } from '../schemas/findings';
import { interruptedText, partialText, summaryCounts, summaryLine, xml } from './reports';
import type { ScenarioResult, StepResult } from './runner';

export interface ReportMeta {
  /** Where the run went: "Local sandbox" or the connection. */
  target: string;
  /** When the run started (ISO 8601). */
  date: string;
  /** Wall time of the whole run. */
  ms: number;
  /** Ctrl+C or SIGTERM stopped it: a banner says so, and the summary is not green. */
  interrupted?: boolean;
  /** A merge taken with --allow-partial: what it lacks, said in the title and a banner; the summary is not green. */
  partial?: string;
}

const CSP = "default-src 'none'; style-src 'unsafe-inline'";

export function htmlReport(results: ScenarioResult[], meta: ReportMeta): string {
  const c = summaryCounts(results);
  const by = (o: ScenarioResult['outcome']) => results.filter(r => r.outcome === o).length;
  const rank = (r: ScenarioResult) => (r.outcome === 'failed' || r.outcome === 'errored' ? 0 : 1);
  const ordered = results.map((r, i) => ({ r, i })).sort((a, b) => rank(a.r) - rank(b.r) || a.i - b.i);
  const passedSteps = c.tests - c.failures - c.errors - c.skipped;
  const verdict = by('failed') + by('errored') || meta.interrupted || meta.partial ? 'failed' : 'passed';
  // The title and the counts are the text report's (steps), never another count of the same run.
  const line = summaryLine(results);
  const title = `${meta.interrupted ? 'INTERRUPTED: ' : ''}${meta.partial ? 'PARTIAL: ' : ''}${line}`;
  // Styled where it stands: the style sheet (and so every report of a run that ended) stays as it was.
  const alert = (cls: string, text: string) => `\n<p class="${cls}" role="alert" style="${BANNER}">${esc(text)}</p>`;
  const banner =
    (meta.interrupted ? alert('interrupted', interruptedText(results)) : '') +
    (meta.partial ? alert('partial', partialText(meta.partial)) : '');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Scenarios: ${title}</title>
<style>${STYLE}</style>
</head>
<body>
<section id="summary" class="summary ${verdict}">
<h1>Billing Workbench scenarios</h1>${banner}
<p class="counts"><span class="c-passed">${passedSteps} passed</span> <span class="c-failed">${c.failures} failed</span> <span class="c-errored">${c.errors} errored</span> <span class="c-skipped">${c.skipped} skipped</span></p>
<p>${line}</p>
<dl><dt>Total time</dt><dd>${ms(meta.ms)}</dd><dt>Target</dt><dd>${esc(meta.target)}</dd><dt>Date</dt><dd>${esc(meta.date)}</dd></dl>
</section>
<main>
${ordered.map(({ r }) => scenario(r)).join('\n')}
</main>
</body>
</html>
`;
}

function scenario(r: ScenarioResult): string {
  const failing = r.outcome === 'failed' || r.outcome === 'errored';
  const total = Math.max(
    r.steps.reduce((n, s) => n + s.ms, 0),
    1,
  );
  let at = 0;
  const rows = r.steps.map(s => {
    const row = step(s, (at / total) * 100, (s.ms / total) * 100);
    at += s.ms;
    return row;
  });
  return `<details class="scenario ${r.outcome}"${failing ? ' open' : ''}>
<summary><span class="badge ${r.outcome}">${r.outcome}</span> <strong>${esc(r.name)}</strong>${r.file ? ` <code>${esc(r.file)}</code>` : ''} <span class="ms">${ms(r.ms)}</span></summary>
<p class="target">on ${esc(r.target)}</p>
${r.error ? `<p class="error">${esc(r.error)}</p>` : ''}
<ol class="steps">
${rows.join('\n')}
</ol>
</details>`;
}

function step(s: StepResult, offset: number, width: number): string {
  const tries = s.tries && s.tries > 1 ? ` <span class="tries">${s.tries} tries</span>` : '';
  const failures = s.failures
    .map(
      f => `<li>${esc(f.message)} <code>${esc(formatPath(f.path))}</code>
<dl><dt>expected</dt><dd><code>${esc(json(f.expected))}</code></dd><dt>actual</dt><dd><code>${esc(json(f.actual))}</code></dd></dl></li>`,
    )
    .join('\n');
  const ex = s.exchange;
  const exchange = ex
    ? `<details class="exchange"><summary>${esc(ex.method)} ${esc(ex.url)}${ex.status ? ` → ${ex.status}` : ''}</summary>
${ex.body !== undefined ? `<h4>Request</h4><pre>${esc(JSON.stringify(ex.body, null, 2))}</pre>` : ''}
<h4>Answer${ex.requestId ? ` <small>request id ${esc(ex.requestId)}</small>` : ''}</h4><pre>${esc(JSON.stringify(ex.answer ?? null, null, 2))}</pre>
</details>`
    : '';
  return `<li class="step ${s.outcome}">
<div class="row"><span class="badge ${s.outcome}">${s.outcome}</span> <span class="label">${s.index + 1}. ${esc(s.label)} <small>(${esc(s.kind)})</small></span> <span class="ms">${ms(s.ms)}</span>${tries}</div>
<div class="timeline" title="${s.ms} ms"><div class="bar ${s.outcome}" style="margin-left:${pct(offset)}%;width:${pct(width)}%"></div></div>
${s.error ? `<p class="error">${esc(s.error)}</p>` : ''}${s.note ? `<p class="note">answer ${esc(s.note)}</p>` : ''}
${failures ? `<ul class="failures">${failures}</ul>` : ''}
${exchange}
</li>`;
}

/** Text for HTML: the XML escape serves (markup characters escaped, characters HTML cannot hold replaced). */
export const esc = (s: string): string => xml(s);

const json = (v: unknown) => (v === undefined ? '(nothing)' : JSON.stringify(v));
const ms = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(2)} s` : `${n} ms`);
const pct = (n: number) => Math.max(0, Math.min(100, n)).toFixed(2);

const BANNER = 'border:2px solid var(--fail);color:var(--fail);font-weight:700;border-radius:4px;padding:.5rem .75rem';

const STYLE = `
:root{--bg:#fff;--fg:#1f2328;--muted:#59636e;--line:#d1d9e0;--card:#f6f8fa;--pass:#1a7f37;--fail:#cf222e;--err:#9a6700;--skip:#6e7781;--track:#eaeef2}
@media (prefers-color-scheme: dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#3d444d;--card:#151b23;--pass:#3fb950;--fail:#f85149;--err:#d29922;--skip:#9198a1;--track:#262c36}}
*{box-sizing:border-box}
body{margin:0;padding:1.5rem;background:var(--bg);color:var(--fg);font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif}
h1{font-size:1.4rem;margin:0 0 .5rem}
.summary{border:1px solid var(--line);border-left:6px solid var(--pass);border-radius:6px;padding:1rem;margin-bottom:1.5rem;background:var(--card)}
.summary.failed{border-left-color:var(--fail)}
.counts span{font-weight:600;margin-right:1rem}
.c-passed{color:var(--pass)}.c-failed{color:var(--fail)}.c-errored{color:var(--err)}.c-skipped{color:var(--skip)}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:.5rem 0}
dt{color:var(--muted)}dd{margin:0}
.scenario{border:1px solid var(--line);border-radius:6px;margin:.75rem 0;padding:.5rem 1rem}
.scenario>summary{cursor:pointer;font-size:1.05rem}
.badge{display:inline-block;min-width:4.5rem;text-align:center;border-radius:1rem;padding:0 .5rem;font-size:.8rem;color:#fff;font-weight:600}
.badge.passed{background:var(--pass)}.badge.failed{background:var(--fail)}.badge.errored{background:var(--err)}.badge.skipped{background:var(--skip)}
.ms,.target,small,.tries{color:var(--muted)}
.steps{list-style:none;padding:0}
.step{border-top:1px solid var(--line);padding:.4rem 0}
.row{display:flex;gap:.75rem;align-items:baseline}.row .label{flex:1}
.timeline{height:8px;background:var(--track);border-radius:4px;margin:.3rem 0;overflow:hidden}
.bar{height:100%;min-width:2px;border-radius:4px}
.bar.passed{background:var(--pass)}.bar.failed{background:var(--fail)}.bar.errored{background:var(--err)}.bar.skipped{background:var(--skip)}
.error{color:var(--fail);white-space:pre-wrap}
pre{background:var(--card);border:1px solid var(--line);border-radius:4px;padding:.5rem;overflow:auto;max-height:24rem}
code{font-family:ui-monospace,SFMono-Regular,Consolas,monospace;font-size:.9em}
h4{margin:.5rem 0 .2rem}
`;
