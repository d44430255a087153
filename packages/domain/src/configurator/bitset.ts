/** Fixed-size bit sets over option indices (an index per build option of a trim). */
export type Bits = Uint32Array;

export const wordsFor = (size: number) => Math.max(1, Math.ceil(size / 32));
export const emptyBits = (words: number): Bits => new Uint32Array(words);

export function bitsOf(words: number, indices: Iterable<number>): Bits {
  const bits = new Uint32Array(words);
  for (const i of indices) bits[i >>> 5]! |= 1 << (i & 31);
  return bits;
}

export const has = (bits: Bits, i: number) => (bits[i >>> 5]! & (1 << (i & 31))) !== 0;
export function set(bits: Bits, i: number) {
  bits[i >>> 5]! |= 1 << (i & 31);
}
export function clear(bits: Bits, i: number) {
  bits[i >>> 5]! &= ~(1 << (i & 31));
}

/** target |= source */
export function orInto(target: Bits, source: Bits) {
  for (let w = 0; w < target.length; w += 1) target[w]! |= source[w]!;
}

export function intersects(a: Bits, b: Bits): boolean {
  for (let w = 0; w < a.length; w += 1) if ((a[w]! & b[w]!) !== 0) return true;
  return false;
}

export function isEmpty(bits: Bits): boolean {
  for (let w = 0; w < bits.length; w += 1) if (bits[w] !== 0) return false;
  return true;
}

export function popcountWord(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

export function popcount(bits: Bits): number {
  let count = 0;
  for (let w = 0; w < bits.length; w += 1) count += popcountWord(bits[w]!);
  return count;
}

/** The first index in a ∩ b, or -1. */
export function firstCommon(a: Bits, b: Bits): number {
  for (let w = 0; w < a.length; w += 1) {
    const v = a[w]! & b[w]!;
    if (v !== 0) return (w << 5) + (31 - Math.clz32(v & -v));
  }
  return -1;
}

/** Indices set in `bits`, ascending. */
export function members(bits: Bits): number[] {
  const out: number[] = [];
  for (let w = 0; w < bits.length; w += 1) {
    let v = bits[w]!;
    while (v !== 0) {
      const low = v & -v;
      out.push((w << 5) + (31 - Math.clz32(low)));
      v ^= low;
    }
  }
  return out;
}

export const bitsKey = (bits: Bits) => bits.join(",");
