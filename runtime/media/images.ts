/**
 * What an uploaded file is, read from its bytes (never its name or declared type): PNG, JPEG,
 * GIF or WebP, with its width and height. Anything else (SVG, HTML, truncated files) is refused.
 */

export interface ImageInfo {
  readonly format: 'png' | 'jpeg' | 'gif' | 'webp';
  readonly width: number;
  readonly height: number;
}

/** Django's limits: dimensions fit a positive small integer, at most 50 megapixels (decompression bombs). */
export const MAX_DIMENSION = 32767;
export const MAX_PIXELS = 50_000_000;

function png(b: Buffer): ImageInfo | null {
  if (
    b.length < 24 ||
    b.readUInt32BE(0) !== 0x89504e47 ||
    b.readUInt32BE(4) !== 0x0d0a1a0a ||
    b.toString('latin1', 12, 16) !== 'IHDR'
  )
    return null;
  return { format: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function gif(b: Buffer): ImageInfo | null {
  const sig = b.toString('latin1', 0, 6);
  if (b.length < 10 || (sig !== 'GIF87a' && sig !== 'GIF89a')) return null;
  return { format: 'gif', width: b.readUInt16LE(6), height: b.readUInt16LE(8) };
}

function jpeg(b: Buffer): ImageInfo | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1];
    if (marker === 0xff) {
      i++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const length = b.readUInt16BE(i + 2);
    // start of frame (baseline, progressive, lossless …), not DHT, JPG or DAC
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { format: 'jpeg', height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    }
    if (marker === 0xd9 || marker === 0xda) return null; // image data before any frame header
    i += 2 + length;
  }
  return null;
}

function webp(b: Buffer): ImageInfo | null {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') {
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { format: 'webp', width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { format: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') {
    return { format: 'webp', width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  }
  return null;
}

/** The image's format and size, or null when the bytes are not one of the accepted images. */
export function imageInfo(bytes: Buffer): ImageInfo | null {
  const info = png(bytes) ?? gif(bytes) ?? jpeg(bytes) ?? webp(bytes);
  if (!info || info.width < 1 || info.height < 1) return null;
  return info;
}
