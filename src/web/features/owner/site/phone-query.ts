/** A phone held upright: the studio shows the fields first and the preview on demand. */
export const PHONE_QUERY = '(max-width: 30rem)';
