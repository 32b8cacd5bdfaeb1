// Images made on the fly for upload tests (no binary fixtures).
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const EXIF = {
  IFD0: { Artist: 'Exif Artist', Copyright: 'Secret copyright', Make: 'PhoneMaker' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
};

/** A photo-like PNG or JPEG with EXIF (artist, copyright, GPS), `width` × `height`. */
export async function photo(format: 'png' | 'jpeg', width: number, height: number): Promise<Buffer> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } },
  }).withExif(EXIF);
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}

export async function otherFormat(
  format: 'webp' | 'gif' | 'avif' | 'tiff',
  width = 40,
  height = 30,
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 10, g: 90, b: 200 } } });
  return image.toFormat(format).toBuffer();
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script>' +
    '<rect width="100" height="100" fill="red"/></svg>',
);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A tiny PNG whose header claims `width` × `height` pixels (a decompression bomb's shape): the
 * file is a few hundred bytes, its pixels would be gigabytes.
 */
export function claimedSizePng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), // one row of the many it claims
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
