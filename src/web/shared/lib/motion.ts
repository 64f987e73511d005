export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Spec §2: before each navigation the page scrolls to the top over 100 ms (at once for reduced motion). */
export function scrollToTop(durationMs = 100): Promise<void> {
  const start = window.scrollY;
  if (start === 0) return Promise.resolve();
  if (prefersReducedMotion()) {
    window.scrollTo(0, 0);
    return Promise.resolve();
  }
  const startedAt = performance.now();
  return new Promise((resolve) => {
    const step = (now: number) => {
      const progress = Math.min(1, (now - startedAt) / durationMs);
      window.scrollTo(0, start * (1 - (1 - (1 - progress) ** 3)));
      if (progress < 1) requestAnimationFrame(step);
      else resolve();
    };
    requestAnimationFrame(step);
  });
}
