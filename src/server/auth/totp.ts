import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

/**
 * Authenticator-app codes (RFC 6238): SHA-1, six digits, 30-second steps, the settings every app
 * understands. A code of the step before or after is accepted too (clocks drift); which step it was
 * is answered, so the caller can refuse a step already used.
 */
const PERIOD_SECONDS = 30;

function totpFor(secret: string, label = 'owner', issuer = 'Sahifa'): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });
}

/** A new 160-bit secret (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://` address an app scans, named after the site so the owner can tell it apart. */
export function totpUri(secret: string, siteHost: string): string {
  return totpFor(secret, siteHost, `Sahifa (${siteHost})`).toString();
}

/** The time step a code belongs to, or undefined when it is not a current code. */
export function totpStepOf(secret: string, code: string, now = new Date()): number | undefined {
  const totp = totpFor(secret);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? undefined : totp.counter({ timestamp: now.getTime() }) + delta;
}

/** Whether a code is an authenticator-app code (six digits, spaces allowed) rather than a recovery code. */
export function isTotpCode(code: string): boolean {
  return /^\d{6}$/.test(code.replace(/\s/g, ''));
}

/** The QR code of an address as an SVG document, drawn here so the browser needs no QR library. */
export function qrCodeSvg(text: string): string {
  return renderSVG(text, { border: 2, pixelSize: 6 });
}
