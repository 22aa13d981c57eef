import { describe, expect, it } from 'vitest';
import { addAnswer, batchesOf, runInBatches, type BulkProgress } from './bulk-runner.ts';

const ids = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('bulk runner', () => {
  describe('batchesOf', () => {
    it('slices ids into calls of at most 1,000, keeping their order', () => {
      const batches = batchesOf(ids(2500));
      expect(batches.map((b) => b.length)).toEqual([1000, 1000, 500]);
      expect(batches.flat()).toEqual(ids(2500));
      expect(batchesOf([])).toEqual([]);
    });
  });

  describe('runInBatches', () => {
    it('sends one batch after another and reports progress after each', async () => {
      const sent: number[][] = [];
      const progress: BulkProgress[] = [];
      let inFlight = 0;
      const outcome = await runInBatches(
        ids(5000),
        async (batch) => {
          inFlight++;
          expect(inFlight).toBe(1);
          sent.push(batch);
          await new Promise((r) => setTimeout(r, 1));
          inFlight--;
          return { entries: batch };
        },
        (p) => progress.push(p),
      );
      expect(sent).toHaveLength(5);
      expect(sent.every((b) => b.length === 1000)).toBe(true);
      expect(progress.map((p) => p.handled)).toEqual([0, 1000, 2000, 3000, 4000, 5000]);
      expect(progress.every((p) => p.total === 5000)).toBe(true);
      expect(outcome).toEqual({ done: 5000, refused: 0, reasons: [] });
    });

    it('counts per-item refusals by message', async () => {
      const outcome = await runInBatches(ids(1500), async (batch) => ({
        results: batch.map((id) => (id % 500 === 0 ? { id, ok: false, message: 'Not yours.' } : { id, ok: true })),
      }));
      expect(outcome).toEqual({ done: 1497, refused: 3, reasons: [{ message: 'Not yours.', count: 3 }] });
    });

    it('refuses the ids of a call that fails with its message and goes on with the rest', async () => {
      let call = 0;
      const outcome = await runInBatches(ids(2100), async (batch) => {
        call++;
        if (call === 2) throw new Error('The folder no longer exists.');
        return { entries: batch };
      });
      expect(call).toBe(3);
      expect(outcome).toEqual({
        done: 1100,
        refused: 1000,
        reasons: [{ message: 'The folder no longer exists.', count: 1000 }],
      });
    });
  });

  describe('addAnswer', () => {
    it('adds counted answers of selection calls, merging reasons with the same message', () => {
      const first = addAnswer({ done: 0, refused: 0, reasons: [] }, 0, {
        done: 10,
        refused: 2,
        reasons: [{ message: 'A', count: 2 }],
      });
      const second = addAnswer(first, 0, { done: 5, refused: 1, reasons: [{ message: 'A', count: 1 }] });
      expect(second).toEqual({ done: 15, refused: 3, reasons: [{ message: 'A', count: 3 }] });
      expect(first.reasons[0].count).toBe(2);
    });
  });
});
