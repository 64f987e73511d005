import { createStore } from '../../shared/lib/create-store.js';

/** Spec §4 "Menu": open or closed, toggled by the burger, closed before each navigation. */
export const menuStore = createStore(false);
