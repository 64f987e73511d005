import { useEffect, useState } from 'react';

/** Whether the window is scrolled further than `threshold` pixels (spec §9: 100 px for the header). */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  // Starts false, as on the server (a reload may restore a scrolled page): the effect reads the truth.
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return past;
}
