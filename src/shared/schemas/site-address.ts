import { z } from 'zod';
import type { FieldErrorCode } from '../api-errors.js';
import { successResponseSchema } from './api.js';

/**
 * The site's address (its public origin, issue 28): what canonical links, the sitemap, the CV, e-mails
 * and the authenticator entry name. Set by PUBLIC_URL, or by the owner in Settings (docs/decisions/033).
 */

/** The longest address accepted; a real origin is far shorter. */
const SITE_ADDRESS_MAX_LENGTH = 200;

/** Hosts of this machine, where plain http is fine (a site tried out before it has a name). */
function isThisMachine(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * Why `value` is not a site address, or undefined when it is one: an http(s) origin with nothing after
 * it (a trailing `/` is fine), over https unless the host is this machine.
 */
export function siteAddressProblem(value: string): FieldErrorCode | undefined {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.hostname === '') return 'invalid_url';
  if (url.username || url.password || url.pathname !== '/' || url.search || url.hash || /[?#]$/.test(value)) {
    return 'not_origin';
  }
  if (url.protocol === 'http:' && !isThisMachine(url.hostname)) return 'https_required';
  return undefined;
}

/** The address as it is kept and used: the origin alone (`https://example.com`, no trailing slash). */
function siteAddressOrigin(value: string): string {
  return new URL(value.trim()).origin;
}

export const siteAddressBodySchema = z.strictObject({
  address: z
    .string()
    .trim()
    .min(1)
    .max(SITE_ADDRESS_MAX_LENGTH)
    .superRefine((value, context) => {
      // Zod runs this after a failed length check too: that one was reported already.
      if (value === '' || value.length > SITE_ADDRESS_MAX_LENGTH) return;
      const problem = siteAddressProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .transform(siteAddressOrigin)
    .describe("The site's origin, such as https://example.com (no path)"),
});
export type SiteAddressBody = z.input<typeof siteAddressBodySchema>;

/** Where the address in use comes from: the environment (PUBLIC_URL), the owner's setting, or neither yet. */
export const SITE_ADDRESS_SOURCES = ['environment', 'setting', 'none'] as const;

const siteAddressStateSchema = z.object({
  address: z.string().nullable().describe('The address the owner or the environment set; null while neither did'),
  source: z.enum(SITE_ADDRESS_SOURCES),
  served: z.string().describe('The origin pages use now: the address, else a fixed local one'),
});
export type SiteAddressState = z.infer<typeof siteAddressStateSchema>;
export const siteAddressResponseSchema = successResponseSchema(siteAddressStateSchema);
