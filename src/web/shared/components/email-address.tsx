import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects: after the `@` (`dilnoza.karimova@` /
 * `example.com`), or before a dot of the name before it; never inside a word, as a narrow card broke it
 * (`…@example.co` / `m`). The domain gets no break of its own, so a line never ends in `@example`
 * before `.com`; only a word longer than the line still breaks anywhere (its CSS decides).
 */
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf('@') + 1;
  const parts = [...address.slice(0, at).split(/(?=\.)/), address.slice(at)];
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
