// A small XML 1.0 reader for the tests: refuses what is not well-formed (unbalanced or crossed tags, a bad
// entity, `<` or `&` unescaped, an unquoted or repeated attribute, text outside the root) and returns the
// element tree with attribute values and text decoded, so a test can read a JUnit report back.
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = /^[A-Za-z_:][\w.:-]*/;

function decode(s: string, at: number): string {
  if (s.includes('<')) throw new Error(`unescaped < near offset ${at}`);
  return s.replace(/&([^;]*);?/g, (m, body: string) => {
    if (!m.endsWith(';')) throw new Error(`unterminated entity near offset ${at}`);
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (body in named) return named[body];
    const n = /^#x([0-9a-f]+)$/i.exec(body)?.[1] ?? /^#(\d+)$/.exec(body)?.[1];
    if (!n) throw new Error(`unknown entity &${body}; near offset ${at}`);
    const cp = body[1] === 'x' || body[1] === 'X' ? parseInt(n, 16) : parseInt(n, 10);
    return String.fromCodePoint(cp);
  });
}

export function parseXml(text: string): XmlElement {
  let i = 0;
  if (text.startsWith('<?xml')) i = text.indexOf('?>') + 2;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const chunk = text.slice(i, lt === -1 ? text.length : lt);
    if (stack.length) stack.at(-1)!.text += decode(chunk, i);
    else if (chunk.trim()) throw new Error(`text outside the root element at offset ${i}`);
    if (lt === -1) break;
    if (text.startsWith('</', lt)) {
      const end = text.indexOf('>', lt);
      const name = text.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open || open.name !== name) throw new Error(`</${name}> closes <${open?.name ?? 'nothing'}> at ${lt}`);
      i = end + 1;
      continue;
    }
    let j = lt + 1;
    const name = NAME.exec(text.slice(j))?.[0];
    if (!name) throw new Error(`bad tag at offset ${lt}`);
    j += name.length;
    const el: XmlElement = { name, attrs: {}, children: [], text: '' };
    for (;;) {
      const rest = text.slice(j);
      const ws = /^\s*/.exec(rest)![0].length;
      j += ws;
      if (text.startsWith('/>', j) || text[j] === '>') break;
      if (!ws) throw new Error(`attributes must be separated by white space at offset ${j}`);
      const a = /^([A-Za-z_:][\w.:-]*)="([^"]*)"/.exec(text.slice(j));
      if (!a) throw new Error(`bad attribute at offset ${j}`);
      if (a[1] in el.attrs) throw new Error(`attribute ${a[1]} repeated at offset ${j}`);
      el.attrs[a[1]] = decode(a[2], j);
      j += a[0].length;
    }
    if (stack.length) stack.at(-1)!.children.push(el);
    else if (root) throw new Error(`a second root element at offset ${lt}`);
    else root = el;
    if (text.startsWith('/>', j)) i = j + 2;
    else {
      stack.push(el);
      i = j + 1;
    }
  }
  if (stack.length) throw new Error(`<${stack.at(-1)!.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** Every element of the tree named `name`, in document order. */
export function elements(root: XmlElement, name: string): XmlElement[] {
  return [...(root.name === name ? [root] : []), ...root.children.flatMap(c => elements(c, name))];
}
