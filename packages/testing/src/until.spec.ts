import { until } from './until';

describe('until', () => {
  it('returns once the condition holds, asking again meanwhile', async () => {
    let asked = 0;
    await until('asked thrice', () => ++asked >= 3, { intervalMs: 1 });
    expect(asked).toBe(3);
  });

  it('fails naming what it waited for, and counts a throwing check as not yet', async () => {
    await expect(
      until(
        'the moon is cheese',
        () => {
          throw new Error('no');
        },
        { timeoutMs: 30, intervalMs: 5 },
      ),
    ).rejects.toThrow('waiting until the moon is cheese');
  });
});
