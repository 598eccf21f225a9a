// A reused page, gzipped once and answered with each request's own nonce (ADR 018). Compressing
// a large page's HTML again for every answer would cost more than the rest of a reuse; the body is
// kept as gzip pieces that end on a full flush (byte-aligned, no reference to earlier bytes), so
// the pieces and a freshly compressed `nonce="…"` between them form one valid deflate stream.
// The gzip trailer's CRC-32 and length are computed for each answer's exact bytes.
import { constants, crc32, deflateRawSync } from "node:zlib";

/** A deflate block marked final, with nothing in it (fixed Huffman codes, end of block). */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
/** Magic, deflate, no flags, no time, no extra flags, OS unknown (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);

export interface GzipPieces {
  /** The page's parts as UTF-8, for the trailer's CRC and length. */
  plain: Buffer[];
  /** Each part compressed on its own, ending on a full flush. */
  compressed: Buffer[];
}

function flushed(data: Buffer): Buffer {
  return deflateRawSync(data, { finishFlush: constants.Z_FULL_FLUSH, level: 9 });
}

export function gzipPieces(parts: readonly string[]): GzipPieces {
  const plain = parts.map((part) => Buffer.from(part, "utf8"));
  return { plain, compressed: plain.map(flushed) };
}

/** The gzip body of the parts joined with `nonce="{nonce}"`. */
export function gzipWithNonce(pieces: GzipPieces, nonce: string): Buffer {
  const between = Buffer.from(`nonce="${nonce}"`, "utf8");
  const betweenCompressed = flushed(between);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  pieces.compressed.forEach((compressed, index) => {
    const plain = pieces.plain[index] as Buffer;
    if (index > 0) {
      chunks.push(betweenCompressed);
      crc = crc32(between, crc);
      length += between.length;
    }
    chunks.push(compressed);
    crc = crc32(plain, crc);
    length += plain.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  chunks.push(FINAL_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** Whether an Accept-Encoding header accepts gzip (named or `*`, with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(",").some((entry) => {
    const [name = "", ...parameters] = entry.split(";").map((piece) => piece.trim().toLowerCase());
    if (name !== "gzip" && name !== "*") return false;
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
