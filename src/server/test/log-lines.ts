import { Writable } from 'node:stream';

/** A stream for a test app's logger that parses each JSON line it writes into `lines`. */
export function jsonLinesInto<Line>(lines: Line[]): Writable {
  return new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
}
