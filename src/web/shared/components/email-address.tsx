import { Fragment } from 'react';

/** Parts of a text in a row, with a line break allowed (`<wbr>`) between each two. */
function withBreaks(parts: string[]) {
  let offset = 0;
  return parts.map((part) => {
    const start = offset;
    offset += part.length;
    return (
      <Fragment key={start}>
        {start > 0 && <wbr />}
        {part}
      </Fragment>
    );
  });
}

/**
 * An e-mail address that wraps where a reader expects: after the `@` (`dilnoza.karimova@` /
 * `example.com`), or before a dot of the name before it; never inside a word, as a narrow card broke it
 * (`…@example.co` / `m`). The domain gets no break of its own, so a line never ends in `@example`
 * before `.com`; only a word longer than the line still breaks anywhere (its CSS decides).
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@') + 1;
  return withBreaks([...address.slice(0, at).split(/(?=\.)/), address.slice(at)]);
}

/**
 * A text that may hold a link's address (a list item named "Link: github.com/me"): it may wrap after
 * each `/` and `@`, so a narrow column breaks it between its parts rather than inside a word.
 */
export function AddressWords({ text }: { text: string }) {
  return withBreaks(text.split(/(?<=[/@])(?=.)/));
}
