// What the test host does in the workbench page when a test asks (test/integration/helpers.ts): a screenshot
// with the text a person can read on it, and keys typed or a click, as a person does, timing what is drawn after.
import fs from 'node:fs';
import path from 'node:path';

/** `getPage()` is the workbench page once it is open (undefined before); files go to `screenshotDir`. */
export function workbenchActions({ getPage, screenshotDir, log }) {
  const shot = async name => {
    const page = getPage();
    if (!page) return;
    const final = path.join(screenshotDir, `${name}.png`);
    const buf = await page.screenshot();
    // What a person can read on that screen, webviews included, so tests assert text rather than a file's existence.
    const texts = [];
    for (const f of page.frames()) {
      try {
        // no-break spaces read as spaces (the editor draws the spaces of a line and its inlay hints as them)
        texts.push(await f.evaluate(() => (document.body ? document.body.innerText.replace(/\u00a0/g, ' ') : '')));
      } catch {
        /* detached frame */
      }
    }
    fs.writeFileSync(path.join(screenshotDir, `${name}.txt`), texts.join('\n----\n'));
    fs.writeFileSync(final + '.tmp', buf);
    fs.renameSync(final + '.tmp', final); // atomic for pollers (text first)
    log(`screenshot ${final}`);
  };
  const keys = async spec => {
    const page = getPage();
    if (!page) return;
    // within the test's own deadline for keys (60 s, test/integration/helpers.ts), so a miss is logged first
    const timeout = spec.waitForMs ?? 45000;
    if (spec.waitFor) await page.locator(spec.waitFor).first().waitFor({ state: 'visible', timeout });
    // `watch`: texts to time, as drawn: each frame watches its DOM (a MutationObserver, set up before the key)
    // and says when one of `selector` first holds `text`; the done file gets the ms from the key (one) to each.
    const watching = (spec.watch ?? []).map(w => firstDrawn(w, (spec.watchMs ?? 10000) + Date.now()));
    await Promise.all(watching.map(w => w.ready));
    // timed from the key's press: a busy renderer acknowledges the key events late
    const typed = Date.now();
    if (spec.click) await clickIn(spec.click);
    if (spec.type) await page.keyboard.type(spec.type, { delay: spec.watch ? 0 : 15 });
    for (const key of spec.press ?? []) await page.keyboard.press(key);
    const seen = {};
    for (const [i, w] of watching.entries()) {
      const at = await w.at;
      seen[spec.watch[i].name] = at === undefined ? null : Math.max(0, at - typed);
    }
    const done = path.join(screenshotDir, `keys-${spec.id}.done`);
    fs.writeFileSync(done + '.tmp', spec.watch ? JSON.stringify({ seen }) : '');
    fs.renameSync(done + '.tmp', done); // atomic for the test polling it
  };
  /** Clicks, as a person does, the first element matching `selector` that holds `text`, in any frame (webviews too). */
  async function clickIn({ selector, text }) {
    const page = getPage();
    const deadline = Date.now() + 45000;
    for (;;) {
      for (const f of page.frames()) {
        const target = f.locator(selector, { hasText: text }).first();
        if (await target.isVisible().catch(() => false)) return target.click({ timeout: 10000 });
      }
      if (Date.now() > deadline) throw new Error(`nothing to click: ${selector} with "${text}"`);
      await page.waitForTimeout(100);
    }
  }
  /** When `text` is first drawn in an element matching `selector` of any frame (epoch ms; undefined past `until`). */
  function firstDrawn({ selector, text }, until) {
    const page = getPage();
    const inFrame = f =>
      f.evaluate(
        ([sel, t, ms]) =>
          new Promise(resolve => {
            const text = e => (e.textContent ?? '').replace(/\u00a0/g, ' ');
            const has = () => [...document.querySelectorAll(sel)].some(e => text(e).includes(t));
            const seen = at => {
              o.disconnect();
              resolve(at);
            };
            // eslint-disable-next-line no-undef -- the page's, as `document` is
            const o = new MutationObserver(() => has() && seen(Date.now()));
            o.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
            setTimeout(() => seen(undefined), ms);
            if (has()) seen(Date.now());
          }),
        [selector, text, Math.max(0, until - Date.now())],
      );
    const frames = page.frames();
    // the first frame to draw it answers; the others' observers end at their deadline
    const at = new Promise(resolve => {
      let left = frames.length;
      if (!left) resolve(undefined);
      for (const f of frames)
        inFrame(f)
          .catch(() => undefined)
          .then(x => (x !== undefined ? resolve(x) : --left === 0 && resolve(undefined)));
    });
    // the observers are set up once every frame ran the function's first lines (one round trip each)
    const ready = Promise.all(frames.map(f => f.evaluate(() => true).catch(() => undefined)));
    return { at, ready };
  }
  return { shot, keys };
}
