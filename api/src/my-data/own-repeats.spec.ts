import { ownRepeats } from './own-repeats';

const day = 86_400_000;
const at = (days: number) => new Date(Date.UTC(2026, 10, 1) + days * day);

describe("ownRepeats: a request's place among the address's own requests", () => {
  it('links each request to the first of the 90 days before it, counts those before it, and leaves spam out', () => {
    const requests = [
      { id: 'e', receivedAt: at(200), isSpam: false },
      { id: 'd', receivedAt: at(60), isSpam: true },
      { id: 'c', receivedAt: at(50), isSpam: false },
      { id: 'b', receivedAt: at(10), isSpam: false },
      { id: 'a', receivedAt: at(0), isSpam: false },
    ];
    const repeats = ownRepeats(requests);
    expect(repeats.get('a')).toEqual({ repeatOf: null, requestNumber: 1 });
    expect(repeats.get('b')).toEqual({ repeatOf: { id: 'a', receivedAt: at(0) }, requestNumber: 2 });
    expect(repeats.get('c')).toEqual({ repeatOf: { id: 'a', receivedAt: at(0) }, requestNumber: 3 });
    // Spam repeats nothing and is counted by nothing, as the contact form stores it.
    expect(repeats.get('d')).toEqual({ repeatOf: null, requestNumber: 1 });
    // More than 90 days after every other: a first again.
    expect(repeats.get('e')).toEqual({ repeatOf: null, requestNumber: 1 });
  });

  it('orders requests of the same moment by id, never counting two firsts', () => {
    const repeats = ownRepeats([
      { id: 'y', receivedAt: at(5), isSpam: false },
      { id: 'x', receivedAt: at(5), isSpam: false },
    ]);
    expect([repeats.get('x')!.requestNumber, repeats.get('y')!.requestNumber]).toEqual([1, 2]);
  });
});
