import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF shows, read with PDF.js (the reader browsers use): one line per text run, in
 * page order. The invoice PDF embeds a subset font, so its text is stored as glyph ids and
 * only a real reader (through the font's ToUnicode map) gives the letters back (ADR 0051).
 * Letters come back as stored (no NFKC folding); PDF.js gives any space, a no-break one too,
 * back as ' ', so tests compare amounts with plain spaces.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  // PDF.js takes the bytes over; a copy leaves the caller's buffer as it was.
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  const document = await task.promise;
  try {
    const lines: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent({ disableNormalization: true });
      for (const item of content.items) {
        if ('str' in item && item.str.trim() !== '') lines.push(item.str);
      }
    }
    return lines.join('\n');
  } finally {
    await task.destroy(); // PDF.js 6: the loading task ends the document and its worker
  }
}
