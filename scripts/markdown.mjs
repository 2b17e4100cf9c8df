/** The Markdown the repository writes into its documents: padded tables between marker comments. */

const escapeCell = (text) => text.replaceAll('|', '\\|');

/** `header` and `rows` as a Markdown table, its columns padded to one width as the docs' tables. */
export function markdownTable(header, rows) {
  const all = [header, ...rows].map((cells) => cells.map(escapeCell));
  const widths = header.map((_, i) => Math.max(...all.map((cells) => cells[i].length)));
  const line = (cells) => `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  return [line(all[0]), line(widths.map((width) => '-'.repeat(width))), ...all.slice(1).map(line)].join('\n');
}

/** Where a written block sits in `doc`: after `begin`, before `end`; else an error naming `what`. */
export function locateBlock(doc, { begin, end, what }) {
  const from = doc.indexOf(begin);
  const to = doc.indexOf(end);
  if (from < 0 || to < 0 || to < from) throw new Error(`${what} needs its two marker lines:\n${begin}\n${end}`);
  return { from: from + begin.length, to };
}

/** `doc` with the block between the markers of `block` replaced by `body`. */
export function withBlock(doc, block, body) {
  const { from, to } = locateBlock(doc, block);
  return `${doc.slice(0, from)}\n\n${body}\n\n${doc.slice(to)}`;
}
