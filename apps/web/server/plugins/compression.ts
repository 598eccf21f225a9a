// Compression of dynamic answers, registered in each context after its own caches (the API's
// answer cache, the page reuse), so that they keep the uncompressed body and each answer is
// compressed for its own request. The levels favour speed over the last percent of size, since
// every answer is compressed per request (bench/RESULTS.md, 2026-11-25 third session: "one-buffer
// pages"). Built assets are served from their prebuilt, fully compressed copies (ADR 019).
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import { constants as zlibConstants, type ZlibOptions, type ZstdOptions } from "node:zlib";

/** gzip's and deflate's level, and zstd's (@fastify/compress hands the same options to both). */
const ZLIB_AND_ZSTD_OPTIONS: ZlibOptions & ZstdOptions = {
  level: 4,
  params: { [zlibConstants.ZSTD_c_compressionLevel]: 1 },
};

export async function registerCompression(context: FastifyInstance): Promise<void> {
  await context.register(compress, {
    threshold: 1024,
    brotliOptions: {
      params: {
        [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        [zlibConstants.BROTLI_PARAM_QUALITY]: 3,
      },
    },
    zlibOptions: ZLIB_AND_ZSTD_OPTIONS,
    // Every answer up to 512 KiB is compressed in one synchronous call (well under a millisecond
    // at these levels) rather than through a zlib stream on the thread pool: on a machine whose
    // cores the server already keeps busy, the stream's set-up cost more than it overlapped.
    // Pages arrive whole (plugins/react-router.ts), so they take this path too.
    syncThreshold: 512 * 1024,
  });
}
