import zlib from "node:zlib";

/**
 * Files made to hurt whoever reads them, small on the wire and huge once
 * read: Word files whose parts expand to hundreds of megabytes, PDFs with a
 * hundred thousand pages or a broken cross-reference table, spreadsheets and
 * pages of a million rows or elements. Made in the test or benchmark that
 * uses them, in a fraction of a second, never committed.
 */

const MB = 1024 * 1024;
const WORD_NAMESPACE = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/** A Word file whose text is `megabytes` of one-word paragraphs, in well under a megabyte. */
export function docxOfManyParagraphs(megabytes: number): Buffer {
  const paragraphs = "<w:p><w:r><w:t>word</w:t></w:r></w:p>".repeat(Math.floor(MB / 37));
  return docxAround(
    repeatDeflated(`<w:document xmlns:w="${WORD_NAMESPACE}"><w:body>`, paragraphs, megabytes, "</w:body></w:document>"),
  );
}

/** A Word file with one run of text `megabytes` long: one string nothing can split. */
export function docxOfOneHugeRun(megabytes: number): Buffer {
  return docxAround(
    repeatDeflated(
      `<w:document xmlns:w="${WORD_NAMESPACE}"><w:body><w:p><w:r><w:t>`,
      "a".repeat(MB),
      megabytes,
      "</w:t></w:r></w:p></w:body></w:document>",
    ),
  );
}

/** A PDF of `pages` pages, one page object listed again and again in its page tree: 100,000 pages in 0.6 MB. */
export function pdfOfManyPages(pages: number): Buffer {
  const text = "BT /F1 12 Tf 72 720 Td (The same page again) Tj ET";
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${"4 0 R ".repeat(pages)}] /Count ${pages} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ]);
}

/**
 * A PDF whose cross-reference table is broken every way at once: `startxref` points into the middle of an object,
 * the table claims a billion entries, and its trailer's previous table is itself. It has `pages` real pages.
 */
export function pdfWithBrokenXref(pages: number): Buffer {
  const page = (index: number) => {
    const text = `BT /F1 12 Tf 72 720 Td (Page ${index + 1} of a file with a broken index) Tj ET`;
    return [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * index} 0 R >>`,
      `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    ];
  };
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, index) => `${4 + 2 * index} 0 R`).join(" ")}] /Count ${pages} >>`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ...Array.from({ length: pages }, (_, index) => page(index)).flat(),
  ];
  let pdf = "%PDF-1.4\n";
  for (const [index, body] of objects.entries()) pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  const xref = pdf.length;
  pdf += `xref\n0 1000000000\n0000000000 65535 f \n${"0000000017 00000 n \n".repeat(50)}`;
  pdf += `trailer\n<< /Size 1000000000 /Root 1 0 R /Prev ${xref} >>\nstartxref\n${Math.floor(xref / 2)}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** A PDF of one page whose content stream inflates to `megabytes` of drawing operators. */
export function pdfOfInflatingStream(megabytes: number): Buffer {
  const { data, size } = repeatDeflated("", "0 0 m 1 1 l S\n".repeat(Math.floor(MB / 14)), megabytes, "", true);
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>",
    { dictionary: `<< /Length ${data.length} /Filter /FlateDecode /DL ${size} >>`, stream: data },
  ]);
}

/** A spreadsheet of `rows` short rows. */
export function csvOfRows(rows: number): string {
  return `id,size\n${Array.from({ length: rows }, (_, index) => `${index},${index % 7}`).join("\n")}\n`;
}

/** An HTML page of `elements` short paragraphs. */
export function htmlOfElements(elements: number): string {
  return `<!doctype html><html><head><title>Many</title></head><body>${"<p>Row</p>".repeat(elements)}</body></html>`;
}

type Deflated = { data: Buffer; crc: number; size: number };

/**
 * `prefix`, then `chunk` `times` times, then `suffix`, deflated in one stream without deflating all of it: each part
 * is deflated alone and flushed to a byte boundary, which leaves it independent of what comes before, so the
 * chunk's deflated bytes can simply be repeated. `zlibHeader` gives a zlib stream (a PDF's), without the checksum at
 * its end, which PDF readers do not check; else raw deflate (a ZIP entry's).
 */
function repeatDeflated(prefix: string, chunk: string, times: number, suffix: string, zlibHeader = false): Deflated {
  const flushed = (text: string) =>
    zlib.deflateRawSync(Buffer.from(text), { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const chunkBytes = Buffer.from(chunk);
  let crc = zlib.crc32(prefix);
  for (let index = 0; index < times; index++) crc = zlib.crc32(chunkBytes, crc);
  crc = zlib.crc32(suffix, crc);
  const repeated = flushed(chunk);
  // A last, empty stored block ends the stream.
  const end = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
  const parts = [flushed(prefix), ...new Array<Buffer>(times).fill(repeated), flushed(suffix), end];
  if (zlibHeader) parts.unshift(Buffer.from([0x78, 0xda]));
  return {
    data: Buffer.concat(parts),
    crc: crc >>> 0,
    size: prefix.length + chunkBytes.length * times + suffix.length,
  };
}

/** A Word file around its main part: the content types and relationship parts Word and mammoth look for. */
function docxAround(document: Deflated): Buffer {
  const stored = (text: string): Deflated => {
    const data = Buffer.from(text);
    return { data: zlib.deflateRawSync(data), crc: zlib.crc32(data), size: data.length };
  };
  return zipOf([
    [
      "[Content_Types].xml",
      stored(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
      ),
    ],
    [
      "_rels/.rels",
      stored(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
      ),
    ],
    ["word/document.xml", document],
  ]);
}

/** A ZIP archive of deflated entries, written field by field. */
function zipOf(entries: Array<[string, Deflated]>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, entry] of entries) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(entry.crc, 14);
    local.writeUInt32LE(entry.data.length, 18);
    local.writeUInt32LE(entry.size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(entry.crc, 16);
    central.writeUInt32LE(entry.data.length, 20);
    central.writeUInt32LE(entry.size, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, entry.data);
    directory.push(central, nameBytes);
    offset += local.length + nameBytes.length + entry.data.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
}

/** A PDF of these objects (numbered from 1, the first the catalog), with a correct cross-reference table. */
function pdfOf(objects: Array<string | { dictionary: string; stream: Buffer }>): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n", "latin1")];
  let length = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  for (const [index, object] of objects.entries()) {
    offsets.push(length);
    const body =
      typeof object === "string"
        ? [Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, "latin1")]
        : [
            Buffer.from(`${index + 1} 0 obj\n${object.dictionary}\nstream\n`, "latin1"),
            object.stream,
            Buffer.from("\nendstream\nendobj\n", "latin1"),
          ];
    parts.push(...body);
    length += body.reduce((sum, part) => sum + part.length, 0);
  }
  const table = offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`,
      "latin1",
    ),
  );
  return Buffer.concat(parts);
}
