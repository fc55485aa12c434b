import { inflateSync } from 'node:zlib';

/** Decoded RGB(A) rows of an 8-bit PNG (PNG filters undone), enough to tell a blank screenshot from a page. */
function pngRows(png: Buffer): Buffer[] {
  const width = png.readUInt32BE(16);
  const bpp = png[25] === 6 ? 4 : 3;
  const chunks: Buffer[] = [];
  for (let o = 8; o < png.length; ) {
    const len = png.readUInt32BE(o);
    if (png.toString('ascii', o + 4, o + 8) === 'IDAT') chunks.push(png.subarray(o + 8, o + 8 + len));
    o += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const stride = width * bpp;
  const rows: Buffer[] = [];
  let prev = Buffer.alloc(stride);
  for (let o = 0; o < raw.length; o += stride + 1) {
    const filter = raw[o]!;
    const row = Buffer.from(raw.subarray(o + 1, o + 1 + stride));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? row[i - bpp]! : 0;
      const b = prev[i]!;
      const c = i >= bpp ? prev[i - bpp]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter] ?? 0;
      row[i] = (row[i]! + predictor) & 0xff;
    }
    rows.push(row);
    prev = row;
  }
  return rows;
}

/** Share of rows holding more than one colour: a blank screenshot is all one colour. */
export function nonBlankShare(png: Buffer): number {
  const rows = pngRows(png);
  const bpp = png[25] === 6 ? 4 : 3;
  const varied = rows.filter((row) => row.some((v, i) => v !== row[i % bpp]!)).length;
  return varied / rows.length;
}
