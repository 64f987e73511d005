import { useEffect, useRef, useState } from 'react';
import { useMediaQuery } from '../../shared/lib/use-media-query.js';
import styles from './cursor-follower.module.css';

/** Spec §9: active only when the window is wider than 1199 px; never on touch screens. */
const CURSOR_MEDIA_QUERY = '(min-width: 1200px) and (hover: hover) and (pointer: fine)';

export function CursorFollower() {
  const enabled = useMediaQuery(CURSOR_MEDIA_QUERY);
  return enabled ? <CursorCircle /> : null;
}

/** The circle itself: listeners exist only while it is mounted. */
function CursorCircle() {
  const circle = useRef<HTMLDivElement>(null);
  const [overLink, setOverLink] = useState(false);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    let frame = 0;
    const onMove = (event: PointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        circle.current?.style.setProperty('transform', `translate3d(${event.clientX}px, ${event.clientY}px, 0)`);
      });
      setVisible(true);
    };
    // Spec §2: it grows and fades over links and shrinks again elsewhere.
    const onOver = (event: PointerEvent) => {
      setOverLink(event.target instanceof Element && event.target.closest('a[href]') !== null);
    };
    const onLeave = () => setVisible(false);
    document.addEventListener('pointermove', onMove, { passive: true });
    document.addEventListener('pointerover', onOver, { passive: true });
    document.documentElement.addEventListener('pointerleave', onLeave);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('pointermove', onMove);
      document.removeEventListener('pointerover', onOver);
      document.documentElement.removeEventListener('pointerleave', onLeave);
    };
  }, []);

  return (
    <div ref={circle} className={styles.follower} aria-hidden="true" data-testid="cursor-follower">
      <div className={styles.circle} data-hover={overLink} data-visible={visible} />
    </div>
  );
}
