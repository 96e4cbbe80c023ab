/**
 * Draws the companion app's icons (web manifest, home screen) for every brand as PNG files:
 * `<outDir>/<brand>-<size>.png` and `<brand>-maskable-<size>.png`, brand in lower case.
 *
 *   npx tsx apps/web/scripts/app-icons.ts [outDir]     (default: apps/web/public/app/icons)
 *
 * The mark is the brand's accent with a white drum ring, drawn here pixel by pixel (4×4 samples per
 * pixel for smooth edges) so the build needs no image tool. The maskable variant keeps the ring
 * inside the 80 % safe zone that launchers may crop to a circle.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import { BRAND_CODES, BRANDS } from '../../../packages/contracts/src/brand/brands';
import { COMPANION_ICON_SIZES } from '../../../packages/contracts/src/brand/companion-manifest';

export const DEFAULT_OUT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../public/app/icons');

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** An RGBA image as a PNG file (no filtering: the shapes are flat, deflate does the rest). */
function png(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) rgba.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The mark at `size` px; `scale` shrinks the ring (maskable icons keep it in the safe zone). */
export function drawIcon(size: number, accentHex: string, scale: number): Buffer {
  const accent = [1, 3, 5].map((i) => parseInt(accentHex.slice(i, i + 2), 16));
  const rgba = Buffer.alloc(size * size * 4);
  const c = size / 2;
  const outer = size * 0.34 * scale;
  const inner = size * 0.24 * scale;
  const dot = size * 0.07 * scale;
  const SAMPLES = 4;
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      let white = 0;
      for (let sy = 0; sy < SAMPLES; sy += 1)
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const r = Math.hypot(x + (sx + 0.5) / SAMPLES - c, y + (sy + 0.5) / SAMPLES - c);
          if ((r <= outer && r >= inner) || r <= dot) white += 1;
        }
      const share = white / SAMPLES ** 2;
      const at = (y * size + x) * 4;
      for (let i = 0; i < 3; i += 1) rgba[at + i] = Math.round((accent[i] ?? 0) * (1 - share) + 255 * share);
      rgba[at + 3] = 255;
    }
  return png(size, rgba);
}

export async function writeAppIcons(outDir = DEFAULT_OUT_DIR): Promise<void> {
  await mkdir(outDir, { recursive: true });
  for (const code of BRAND_CODES)
    for (const size of COMPANION_ICON_SIZES) {
      const { accentHex } = BRANDS[code];
      const name = code.toLowerCase();
      await writeFile(join(outDir, `${name}-${size}.png`), drawIcon(size, accentHex, 1));
      await writeFile(join(outDir, `${name}-maskable-${size}.png`), drawIcon(size, accentHex, 0.8));
    }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await writeAppIcons(process.argv[2]);
