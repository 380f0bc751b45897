import { describe, expect, it } from 'vitest';
import { randomPoolBytes } from './random-pool.ts';

describe('randomPoolBytes', () => {
  it('hands out each slice once, across refills of the pool', () => {
    const seen = new Set<string>();
    // 4 KiB pool, 16 bytes each: 1,000 slices cross three refills.
    for (let i = 0; i < 1000; i++) {
      const bytes = randomPoolBytes(16);
      expect(bytes).toHaveLength(16);
      seen.add(bytes.toString('hex'));
    }
    expect(seen.size).toBe(1000);
  });

  it('returns a copy: a later refill does not change bytes already handed out', () => {
    const first = randomPoolBytes(16);
    const saved = Buffer.from(first);
    for (let i = 0; i < 600; i++) randomPoolBytes(16);
    expect(first.equals(saved)).toBe(true);
  });
});
