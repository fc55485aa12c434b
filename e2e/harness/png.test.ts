import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nonBlankShare } from './png';

/** A minimal RGBA PNG whose rows are written with the given PNG filter (0 none, 1 sub, 2 up). */
function png(width: number, height: number, pixel: (x: number, y: number) => number[], filter = 0): Buffer {
  const rows: Buffer[] = [];
  let prev = Buffer.alloc(width * 4);
  for (let y = 0; y < height; y++) {
    const row = Buffer.from(Array.from({ length: width }, (_, x) => pixel(x, y)).flat());
    const out = Buffer.alloc(row.length);
    for (let i = 0; i < row.length; i++) {
      const left = i >= 4 ? row[i - 4]! : 0;
      out[i] = (row[i]! - (filter === 1 ? left : filter === 2 ? prev[i]! : 0)) & 0xff;
    }
    rows.push(Buffer.concat([Buffer.from([filter]), out]));
    prev = row;
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    return Buffer.concat([len, Buffer.from(type, 'ascii'), data, Buffer.alloc(4)]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('nonBlankShare', () => {
  it.each([0, 1, 2])('finds a white page blank whatever the row filter (%i)', (filter) => {
    expect(nonBlankShare(png(40, 20, () => [255, 255, 255, 255], filter))).toBe(0);
  });

  it.each([0, 1, 2])('finds the one row with text in it (filter %i)', (filter) => {
    const image = png(40, 20, (x, y) => (y === 7 && x % 5 === 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]), filter);
    expect(nonBlankShare(image)).toBeCloseTo(1 / 20);
  });
});
