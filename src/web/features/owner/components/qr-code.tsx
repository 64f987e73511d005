import type { CSSProperties } from 'react';
import styles from './qr-code.module.css';

/**
 * A QR code drawn by the site's own server (rectangles only, from an address it made: the
 * authenticator's otpauth link, the Telegram bot's start link), named for screen readers.
 */
export function QrCode({ svg, label, width }: { svg: string; label: string; width?: string }) {
  return (
    <div
      className={styles.qrCode}
      role="img"
      aria-label={label}
      style={width ? ({ '--qr-width': width } as CSSProperties) : undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: markup made by the site's server, no visitor text in it
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
