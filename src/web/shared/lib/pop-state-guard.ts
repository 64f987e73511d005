/**
 * Lets a part of the page take a Back or Forward before the router does (a dialog with an address of
 * its own closes on Back without the page under it navigating). The router's own `popstate` listener
 * must come after this one: listeners on `window` run in the order they were added in every engine,
 * whatever their capture flag (Chromium runs a capture listener added later after the router's), so
 * this one is added before the router is made (`app/router.tsx`) and stops the event for it.
 */
type PopStateTaker = (event: PopStateEvent) => boolean;

let taker: PopStateTaker | undefined;
let installed = false;

/** Listens before the router; call once, just before the router is made. */
export function installPopStateGuard(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', (event) => {
    if (taker?.(event)) event.stopImmediatePropagation();
  });
}

/** `take` hears each Back and Forward first until the answer is called; true keeps it from the router. */
export function takePopState(take: PopStateTaker): () => void {
  taker = take;
  return () => {
    if (taker === take) taker = undefined;
  };
}
