import { takePopState } from '../../shared/lib/pop-state-guard.js';

/**
 * A dialog with an address of its own (issue 27: a portfolio card's dialog shows the project's
 * address): opening it adds a history entry with that address, Back closes it, and closing it
 * leaves the address again. The router is not told: the page under the dialog stays as it is, with
 * no loader, scroll or refetch. Opening the address itself, or coming Forward to it, is a navigation
 * the router makes to the project's own page.
 */
export interface DialogAddress {
  /** The dialog closed by itself (its button, Escape, the backdrop): go back to the page's address. */
  close: () => void;
  /** The page went away with the dialog open (a link was followed): stop listening, touch nothing. */
  release: () => void;
}

/** React Router's browser history reads its position from `history.state.idx` (its `delta`). */
interface RouterHistoryState {
  usr?: unknown;
  key?: string;
  idx?: number;
}

export function openDialogAddress(address: string, onBack: () => void): DialogAddress {
  const previous = (window.history.state ?? {}) as RouterHistoryState;
  // An entry the router would write for a push, so its count of entries stays right for later ones.
  const state: RouterHistoryState = {
    usr: null,
    key: Math.random().toString(36).slice(2, 10),
    idx: (previous.idx ?? 0) + 1,
  };
  window.history.pushState(state, '', address);
  let open = true;
  let goingBack = false;
  // Taken before the router's own listener, which would navigate to the page's address as if it were
  // new (the overlay, the scroll to the top, the section's loader).
  const stopTaking = takePopState(() => {
    stopTaking();
    goingBack = false;
    if (open) {
      open = false;
      onBack();
    }
    return true;
  });
  return {
    close() {
      if (!open) return;
      open = false;
      goingBack = true;
      window.history.back();
    },
    release() {
      open = false;
      if (!goingBack) stopTaking();
    },
  };
}
