// A set of strings remembered only by a 64-bit hash, in typed arrays: a million course slugs cost
// 16 MB and no garbage collection work (a Set<string> or Set<number> of 53-bit keys costs far more,
// as each entry is a heap object). A false "already present" (2^-64 odds) only makes the generator
// pick another name, so uniqueness is never compromised.

export interface StringHashSet {
  /** Adds the string; returns false when it (or a hash twin) was already present. */
  add(text: string): boolean;
  has(text: string): boolean;
  readonly size: number;
}

function hashPair(text: string): [number, number] {
  let h1 = 0x811c9dc5;
  let h2 = 0x9747b28c;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 0x01000193);
    h2 = Math.imul(h2 ^ ch, 0x5bd1e995);
    h2 ^= h2 >>> 13;
  }
  h1 ^= h1 >>> 16;
  h1 = Math.imul(h1, 0x85ebca6b);
  h1 ^= h1 >>> 13;
  return [h1 >>> 0 || 1, h2 >>> 0];
}

export function createStringHashSet(expected = 1024): StringHashSet {
  let capacity = 1024;
  while (capacity < expected * 2) capacity *= 2;
  let lows = new Uint32Array(capacity); // 0 = empty slot (hashPair never returns 0 here)
  let highs = new Uint32Array(capacity);
  let size = 0;

  const find = (h1: number, h2: number): number => {
    let slot = h1 & (capacity - 1);
    while (lows[slot] !== 0) {
      if (lows[slot] === h1 && highs[slot] === h2) return slot;
      slot = (slot + 1) & (capacity - 1);
    }
    return -1 - slot;
  };

  const grow = () => {
    const oldLows = lows;
    const oldHighs = highs;
    capacity *= 2;
    lows = new Uint32Array(capacity);
    highs = new Uint32Array(capacity);
    for (let i = 0; i < oldLows.length; i++) {
      const h1 = oldLows[i] as number;
      if (h1 === 0) continue;
      let slot = h1 & (capacity - 1);
      while (lows[slot] !== 0) slot = (slot + 1) & (capacity - 1);
      lows[slot] = h1;
      highs[slot] = oldHighs[i] as number;
    }
  };

  return {
    add(text) {
      const [h1, h2] = hashPair(text);
      const found = find(h1, h2);
      if (found >= 0) return false;
      const slot = -1 - found;
      lows[slot] = h1;
      highs[slot] = h2;
      size++;
      if (size * 2 > capacity) grow();
      return true;
    },
    has(text) {
      const [h1, h2] = hashPair(text);
      return find(h1, h2) >= 0;
    },
    get size() {
      return size;
    },
  };
}
