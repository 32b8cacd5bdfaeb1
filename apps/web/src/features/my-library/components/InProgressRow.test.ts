import { describe, expect, it } from 'vitest';
import { progressPercent } from './InProgressRow.tsx';

describe("home's compact Continue reading rows", () => {
  it('fill the progress bar by the page reached', () => {
    expect(progressPercent(1, 4)).toBe(25);
    expect(progressPercent(3, 4)).toBe(75);
    expect(progressPercent(4, 4)).toBe(100);
    expect(progressPercent(9, 4)).toBe(100);
    expect(progressPercent(1, 0)).toBe(0);
  });
});
