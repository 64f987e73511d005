import { Fragment } from 'react';

/**
 * An e-mail address that wraps where a reader expects, after the `@` and before a dot
 * (`dilnoza.karimova@` / `example.com`), never inside a word: a narrow card broke it as
 * `…@example.co` / `m`. Only a word longer than the line still breaks anywhere (its CSS decides).
 */
export function EmailAddress({ address }: { address: string }) {
  let offset = 0;
  return address.split(/(?<=@)|(?=\.)/).map((part) => {
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
