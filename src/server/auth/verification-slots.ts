/**
 * How many password verifications may run at once in this process. Each scrypt holds one of libuv's
 * four pool threads and 128 MiB for about 0.45 s; reading files (pictures, the built site) uses the
 * same pool, so a flood of sign-in attempts would make every visitor wait. Two slots leave the rest
 * of the pool to visitors; an attempt that finds both taken is refused at once (429) instead of
 * queueing. The pool belongs to the process, so the count does too.
 */
const DEFAULT_SLOTS = 2;

let slots = DEFAULT_SLOTS;
let running = 0;

/** Takes a slot; answers the function that gives it back, or undefined when every slot is taken. */
export function takeVerificationSlot(): (() => void) | undefined {
  if (running >= slots) return undefined;
  running++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running--;
  };
}

/**
 * Changes the number of slots (the default when no number is given). Only tests that need many
 * verifications at once use it, to look at the database's lockout without this cap in the way.
 */
export function setVerificationSlots(count = DEFAULT_SLOTS): void {
  slots = count;
}
