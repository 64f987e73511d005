import { describe, expect, it } from 'vitest';
import { seriesCsv, seriesFileName } from './series-csv.js';

describe('the series CSV', () => {
  it('writes one row per day, with a byte-order mark and CRLF', () => {
    const csv = seriesCsv({
      interval: 'day',
      series: [
        { day: '2026-11-10', visitors: 1, visits: 2 },
        { day: '2026-11-11', visitors: 0, visits: 0 },
      ],
    });
    expect(csv).toBe('\uFEFFday,visitors,visits\r\n2026-11-10,1,2\r\n2026-11-11,0,0\r\n');
  });

  it('writes one row per UTC hour for a single day', () => {
    const csv = seriesCsv({ interval: 'hour', series: [{ day: '2026-11-22', hour: 9, visitors: 3, visits: 4 }] });
    expect(csv).toBe('\uFEFFday,hour_utc,visitors,visits\r\n2026-11-22,9,3,4\r\n');
  });

  it('names the file after its days', () => {
    expect(seriesFileName({ from: '2026-11-01', to: '2026-11-30' })).toBe('visits-2026-11-01-to-2026-11-30.csv');
    expect(seriesFileName({ from: '2026-11-22', to: '2026-11-22' })).toBe('visits-2026-11-22.csv');
  });
});
