import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, one string per text-showing operator (Tj, TJ), read the simple way
 * PDFKit writes it: content streams (Flate or plain) with hex strings in WinAnsi. Enough to
 * assert what a reader sees on an invoice without a PDF library in the test.
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const texts: string[] = [];
  const streamPattern = /<<([^]*?)>>\s*stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streamPattern.exec(source)) !== null) {
    const start = match.index + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    const raw = pdf.subarray(start, end);
    let content: string;
    try {
      content = (match[1]?.includes('/FlateDecode') ? inflateSync(raw) : raw).toString('latin1');
    } catch {
      continue; // an image or font stream that is not text
    }
    for (const op of content.matchAll(/(\[[^\]]*\]|<[0-9a-fA-F]*>)\s*T[jJ]/g)) {
      const hexes = op[1]?.match(/<([0-9a-fA-F]*)>/g) ?? [];
      texts.push(
        hexes.map((hex) => Buffer.from(hex.slice(1, -1), 'hex').toString('latin1')).join(''),
      );
    }
    streamPattern.lastIndex = end;
  }
  return texts.join('\n');
}
