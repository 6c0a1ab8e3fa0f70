/**
 * A contract as a PDF (docs/contracts.md): rendered from the same sections the signing page shows, in the
 * merchant's language, and stamped with its signature once signed.
 *
 * pdf-lib draws the text; Arabic words are shaped by fontkit (contextual forms, ligatures, glyphs in visual order)
 * with Noto Sans Arabic, and everything else in Helvetica. pdf-lib has no bidirectional layout, so lines are laid
 * out here by words: a right-to-left line places its runs from the right, an Arabic run's words right to left and a
 * Latin run's (an IBAN, an amount with its currency, a company name in Latin letters) left to right — enough for
 * text we write ourselves, whose only mixed runs are such values.
 *
 * The bytes are the same for the same document and time (the dates in the PDF's metadata are the contract's own),
 * so the SHA-256 the merchant signs names exactly what was read.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export interface ContractDocument {
  title: string;
  direction: 'ltr' | 'rtl';
  /** Label and value pairs: the parties and the terms. */
  terms: { label: string; value: string }[];
  sections: { heading: string; paragraphs: string[] }[];
}

export interface SignatureStamp {
  /** The signature page's words, in the contract's language. */
  words: { heading: string; name: string; at: string; document: string; session: string; note: string };
  name: string;
  at: string;
  documentSha256: string;
  session: string;
  /** The drawn signature, a PNG. */
  png: Buffer;
}

const require = createRequire(import.meta.url);
/**
 * Noto Sans Arabic (OFL) as TrueType, from an npm package that ships the .ttf files (@expo-google-fonts): pdf-lib
 * subsets TrueType well, while a WOFF (as @fontsource ships it) came out with most glyphs missing. Read once each.
 */
const arabicFonts = new Map<string, Buffer>();
const arabicFontBytes = (weight: '400Regular' | '700Bold') => {
  let bytes = arabicFonts.get(weight);
  if (!bytes) {
    bytes = readFileSync(
      require.resolve(`@expo-google-fonts/noto-sans-arabic/${weight}/NotoSansArabic_${weight}.ttf`),
    );
    arabicFonts.set(weight, bytes);
  }
  return bytes;
};

/** Arabic letters (not its digits or signs): a word with one is shaped, right to left. */
const ARABIC_LETTER =
  /[\u0621-\u064A\u066E-\u06D3\u06D5\u06FA-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/** What Helvetica draws (WinAnsi's printable part, roughly). */
const WIN_ANSI = /^[\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]*$/;
/** Helvetica draws WinAnsi only: bidi marks and isolates go, anything else it lacks becomes "?". */
const latinSafe = (text: string) =>
  text
    .replace(/[\u200e\u200f\u2066-\u2069\u202a-\u202e]/g, '')
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u20ac]/g, '?');

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const PAGE = { width: 595.28, height: 841.89, margin: 56 };

interface Fonts {
  latin: PDFFont;
  latinBold: PDFFont;
  arabic: PDFFont;
  arabicBold: PDFFont;
}

async function fontsOf(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  return {
    latin: await doc.embedFont(StandardFonts.Helvetica),
    latinBold: await doc.embedFont(StandardFonts.HelveticaBold),
    arabic: await doc.embedFont(arabicFontBytes('400Regular'), { subset: true }),
    arabicBold: await doc.embedFont(arabicFontBytes('700Bold'), { subset: true }),
  };
}

/**
 * A word as drawn: `shaped` (Arabic letters: fontkit lays it out right to left), `latin` (Helvetica), or `signs`
 * (no letters but characters Helvetica lacks — Arabic-Indic digits, ٪ — drawn one by one, left to right, so a
 * number is never reversed).
 */
interface Word {
  text: string;
  font: PDFFont;
  width: number;
  kind: 'shaped' | 'latin' | 'signs';
}

/** A page being written, top down; a new page when the next line would not fit. */
class Writer {
  page: PDFPage;
  y: number;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: Fonts,
    private readonly direction: 'ltr' | 'rtl',
  ) {
    this.page = doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  private words(text: string, size: number, bold: boolean): Word[] {
    const arabic = bold ? this.fonts.arabicBold : this.fonts.arabic;
    const latin = bold ? this.fonts.latinBold : this.fonts.latin;
    return text
      .split(/\s+/)
      .filter(Boolean)
      .map((raw) => {
        const kind = ARABIC_LETTER.test(raw) ? 'shaped' : WIN_ANSI.test(raw) ? 'latin' : 'signs';
        const font = kind === 'latin' ? latin : arabic;
        const text = kind === 'latin' ? latinSafe(raw) : raw;
        const width =
          kind === 'signs'
            ? [...text].reduce((sum, c) => sum + font.widthOfTextAtSize(c, size), 0)
            : font.widthOfTextAtSize(text, size);
        return { text, font, width, kind };
      });
  }

  private room(height: number) {
    if (this.y - height >= PAGE.margin) return;
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }

  /** One paragraph, wrapped to `width` (the text block's by default), starting at `indent` from its start edge. */
  paragraph(
    text: string,
    options: { size?: number; bold?: boolean; gap?: number; indent?: number; width?: number } = {},
  ) {
    const size = options.size ?? 10;
    const indent = options.indent ?? 0;
    const width = options.width ?? PAGE.width - 2 * PAGE.margin - indent;
    const space = this.fonts.latin.widthOfTextAtSize(' ', size);
    const lines: Word[][] = [[]];
    let used = 0;
    for (const word of this.words(text, size, options.bold ?? false)) {
      const line = lines[lines.length - 1]!;
      if (line.length > 0 && used + space + word.width > width) {
        lines.push([word]);
        used = word.width;
      } else {
        used += (line.length > 0 ? space : 0) + word.width;
        line.push(word);
      }
    }
    const height = size * 1.5;
    for (const line of lines) {
      this.room(height);
      this.y -= height;
      this.line(line, size, space, indent);
    }
    this.y -= options.gap ?? size * 0.6;
  }

  /** A line's words in visual order: runs of one direction, ordered by the line's direction, each in its own. */
  private line(words: Word[], size: number, space: number, indent: number) {
    const runs: Word[][] = [];
    const rtl = (w: Word) => w.kind === 'shaped';
    for (const word of words) {
      const last = runs[runs.length - 1];
      if (last && rtl(last[0]!) === rtl(word)) last.push(word);
      else runs.push([word]);
    }
    const visual = (this.direction === 'rtl' ? runs.reverse() : runs).flatMap((run) =>
      rtl(run[0]!) ? [...run].reverse() : run,
    );
    const total = visual.reduce((sum, w) => sum + w.width, 0) + space * Math.max(0, visual.length - 1);
    let x = this.direction === 'rtl' ? PAGE.width - PAGE.margin - indent - total : PAGE.margin + indent;
    const color = rgb(0.1, 0.1, 0.12);
    for (const word of visual) {
      if (word.kind === 'signs')
        for (const c of word.text) {
          this.page.drawText(c, { x, y: this.y, size, font: word.font, color });
          x += word.font.widthOfTextAtSize(c, size);
        }
      else {
        this.page.drawText(word.text, { x, y: this.y, size, font: word.font, color });
        x += word.width;
      }
      x += space;
    }
  }

  /** A label and its value side by side: the label at the start edge, the value in a column after it. */
  term(label: string, value: string, size = 10) {
    const text = PAGE.width - 2 * PAGE.margin;
    this.room(size * 1.5 * 2);
    const top = this.y;
    this.paragraph(label, { size, gap: 0, width: text * 0.36 });
    const labelEnd = this.y;
    this.y = top;
    this.paragraph(value, { size, gap: 0, indent: text * 0.4 });
    this.y = Math.min(this.y, labelEnd) - 2;
  }

  rule() {
    this.room(12);
    this.y -= 6;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.5,
      color: rgb(0.75, 0.75, 0.78),
    });
    this.y -= 10;
  }

  /** An image of `width` at the start edge of the text block. */
  image(image: Awaited<ReturnType<PDFDocument['embedPng']>>, width: number) {
    const height = (image.height / image.width) * width;
    this.room(height + 8);
    this.y -= height + 4;
    const x = this.direction === 'rtl' ? PAGE.width - PAGE.margin - width : PAGE.margin;
    this.page.drawImage(image, { x, y: this.y, width, height });
    this.y -= 8;
  }
}

/** The contract's PDF: title, terms, sections. `at` dates the PDF (the contract's creation) so its bytes are stable. */
export async function renderContract(document: ContractDocument, at: Date): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const fonts = await fontsOf(doc);
  doc.setTitle(latinSafe(document.title) || 'Contract');
  doc.setCreationDate(at);
  doc.setModificationDate(at);
  const w = new Writer(doc, fonts, document.direction);
  w.paragraph(document.title, { size: 18, bold: true, gap: 12 });
  for (const term of document.terms) w.term(term.label, term.value);
  w.rule();
  for (const section of document.sections) {
    w.paragraph(section.heading, { size: 12, bold: true, gap: 4 });
    for (const paragraph of section.paragraphs) w.paragraph(paragraph);
  }
  return doc.save({ useObjectStreams: false });
}

/**
 * The signed contract: the document as it was read, with a signature page after it — the drawn signature, the
 * typed name, the time, the SHA-256 of the document signed and the signer's session.
 */
export async function stampContract(
  original: Uint8Array,
  direction: 'ltr' | 'rtl',
  stamp: SignatureStamp,
  at: Date,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const fonts = await fontsOf(doc);
  doc.setModificationDate(at);
  const w = new Writer(doc, fonts, direction);
  w.paragraph(stamp.words.heading, { size: 16, bold: true, gap: 12 });
  w.image(await doc.embedPng(stamp.png), 200);
  w.rule();
  w.term(stamp.words.name, stamp.name);
  w.term(stamp.words.at, stamp.at);
  w.term(stamp.words.session, stamp.session);
  w.paragraph(stamp.words.document, { gap: 0 });
  w.paragraph(stamp.documentSha256, { size: 9, gap: 8 });
  w.paragraph(stamp.words.note, { size: 9 });
  return doc.save({ useObjectStreams: false });
}
