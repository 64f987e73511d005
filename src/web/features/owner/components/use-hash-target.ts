import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Brings the element the address's fragment names (`/owner/settings#owner-site-address-title`) into
 * view and moves the focus to it, as following a link to a place on a page does: client-side
 * navigation does neither by itself. Keyboard users continue from there.
 */
export function useHashTarget(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
    // In the middle: the owner area's header is sticky and would cover a target scrolled to the top.
    target.scrollIntoView({ block: 'center' });
  }, [hash]);
}
