/**
 * A small seeded pseudo-random generator, so that the same seed always yields the same dataset. `Math.random` is
 * never used in the simulator: two simulators started with the same seed must agree profile for profile.
 */

/** Deterministic random source (mulberry32: 32-bit state, fast, good enough for synthetic data). */
export class Random {
  private state: number;

  constructor(seed: number) {
    // Mix the seed once so that nearby seeds (1, 2, 3…) do not start with correlated sequences.
    this.state = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Random.pick: empty array');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One element, chosen with probability proportional to `weight(item)`. */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    let total = 0;
    for (const item of items) total += weight(item);
    let roll = this.next() * total;
    for (const item of items) {
      roll -= weight(item);
      if (roll < 0) return item;
    }
    return items[items.length - 1] as T;
  }

  /** `count` distinct elements (fewer if the array is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const n = items.length;
    if (count >= n) return this.shuffled(items);
    // Few out of many (the common case: 5 skills out of 25): draw indices, redraw duplicates; no copy of the array.
    const chosen: number[] = [];
    while (chosen.length < count) {
      const index = Math.floor(this.next() * n);
      if (!chosen.includes(index)) chosen.push(index);
    }
    return chosen.map((index) => items[index] as T);
  }

  /** A shuffled copy (Fisher–Yates). */
  shuffled<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** One element of a {@link WeightedTable}: binary search over its cumulative weights. */
  from<T>(table: WeightedTable<T>): T {
    const roll = this.next() * table.total;
    const { cumulative, items } = table;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cumulative[mid] as number) > roll) hi = mid;
      else lo = mid + 1;
    }
    return items[lo] as T;
  }

  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string {
    let out = '';
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

/**
 * Items with precomputed cumulative weights, for draws repeated thousands of times from the same list (cities,
 * title families, a family's industries): `random.from(table)` costs a binary search instead of two passes.
 */
export class WeightedTable<T> {
  readonly items: readonly T[];
  readonly cumulative: readonly number[];
  readonly total: number;

  constructor(items: readonly T[], weight: (item: T, index: number) => number) {
    if (items.length === 0) throw new Error('WeightedTable: empty list');
    let total = 0;
    this.cumulative = items.map((item, index) => {
      total += weight(item, index);
      return total;
    });
    this.items = items;
    this.total = total;
  }
}
