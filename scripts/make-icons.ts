import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';

/**
 * Draws the extension icon (two opposed arrows on a blue rounded square, the "bridge" mark) at each size Chrome
 * and Firefox ask for, as PNG files in public/icon/. Pure code so the icons are reproducible without image tools:
 * `npx tsx scripts/make-icons.ts`.
 */
const SIZES = [16, 32, 48, 128];
const OUT = resolve(import.meta.dirname, '../public/icon');

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size: number, pixel: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      const [r, g, b, a] = pixel(x, y);
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = r;
      raw[o + 1] = g;
      raw[o + 2] = b;
      raw[o + 3] = a;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Coverage of a shape at (u, v) in unit coordinates, supersampled 4x4 for smooth edges. */
function coverage(size: number, x: number, y: number, inside: (u: number, v: number) => boolean): number {
  let hits = 0;
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) if (inside((x + (i + 0.5) / 4) / size, (y + (j + 0.5) / 4) / size)) hits++;
  return hits / 16;
}

const roundedSquare = (u: number, v: number) => {
  const r = 0.22;
  const dx = Math.max(Math.abs(u - 0.5) - (0.5 - r), 0);
  const dy = Math.max(Math.abs(v - 0.5) - (0.5 - r), 0);
  return dx * dx + dy * dy <= r * r;
};

/** Upper arrow pointing right, lower arrow pointing left. */
const arrows = (u: number, v: number) => {
  const shaft = (cy: number) => Math.abs(v - cy) <= 0.055 && u >= 0.22 && u <= 0.78;
  const headRight = (cy: number) => u >= 0.62 && u <= 0.82 && Math.abs(v - cy) <= (0.82 - u) * 0.9;
  const headLeft = (cy: number) => u >= 0.18 && u <= 0.38 && Math.abs(v - cy) <= (u - 0.18) * 0.9;
  return (shaft(0.36) && u <= 0.66) || headRight(0.36) || (shaft(0.64) && u >= 0.34) || headLeft(0.64);
};

mkdirSync(OUT, { recursive: true });
for (const size of SIZES) {
  const image = png(size, (x, y) => {
    const bg = coverage(size, x, y, roundedSquare);
    const fg = coverage(size, x, y, arrows);
    // Blue (#2563eb → #1d4ed8 vertical gradient) under white arrows.
    const t = y / size;
    const base = [37 - 8 * t, 99 - 21 * t, 235 - 19 * t];
    const color = base.map((c) => Math.round(c * (1 - fg) + 255 * fg));
    return [color[0]!, color[1]!, color[2]!, Math.round(255 * bg)];
  });
  writeFileSync(join(OUT, `${size}.png`), image);
}
console.log(`wrote ${SIZES.map((s) => `${s}.png`).join(', ')} to ${OUT}`);
