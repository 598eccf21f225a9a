// The document's first paint (docs/decisions/019-first-paint.md): React Router's <Scripts> hints
// every module the page hydrates with `<link rel="modulepreload">`, which browsers fetch at high
// priority, alongside the stylesheet that blocks the first paint. This stream rewrites those hints
// in the <head> to `fetchpriority="low"`, so the HTML and the stylesheet get the connection first
// and the modules follow; hydration still starts from the same preloaded modules.
import { Transform, type TransformCallback } from "node:stream";

const HINT = '<link rel="modulepreload"';
const LOW_PRIORITY_HINT = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = "</head>";
/** Bytes kept back between chunks, so a hint or the head's end split across two is still seen. */
const CARRY = Math.max(HINT.length, HEAD_END.length) - 1;

/** Rewrites the module preload hints of the document's head; the body passes through untouched. */
export function lowPriorityModulePreloads(): Transform {
  let inHead = true;
  // latin1 maps each byte to one character and back, so multi-byte text is never split wrongly.
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!inHead) {
        callback(null, chunk);
        return;
      }
      const text = pending + chunk.toString("latin1");
      const headEnd = text.indexOf(HEAD_END);
      if (headEnd !== -1) {
        inHead = false;
        pending = "";
        const head = text.slice(0, headEnd).replaceAll(HINT, LOW_PRIORITY_HINT);
        callback(null, Buffer.from(head + text.slice(headEnd), "latin1"));
        return;
      }
      const rewritten = text.replaceAll(HINT, LOW_PRIORITY_HINT);
      // Keep back a tail that may hold the start of a hint; never one cut inside a rewritten hint.
      let keep = Math.min(CARRY, rewritten.length);
      const lastHint = rewritten.lastIndexOf(LOW_PRIORITY_HINT);
      if (lastHint !== -1 && lastHint + LOW_PRIORITY_HINT.length > rewritten.length - keep) {
        keep = Math.max(0, rewritten.length - (lastHint + LOW_PRIORITY_HINT.length));
      }
      pending = rewritten.slice(rewritten.length - keep);
      callback(null, Buffer.from(rewritten.slice(0, rewritten.length - keep), "latin1"));
    },
    flush(callback: TransformCallback) {
      callback(null, pending ? Buffer.from(pending, "latin1") : null);
    },
  });
}
