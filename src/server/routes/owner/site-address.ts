import type { FastifyPluginAsync } from 'fastify';
import { siteAddressBodySchema, siteAddressResponseSchema } from '../../../shared/schemas/site-address.js';
import { AppError } from '../../errors.js';
import type { SiteAddress } from '../../site-address/site-address.js';
import { settingRoutes } from './setting-routes.js';

/**
 * The site's address in Settings (issue 28, docs/decisions/033), inside the owner scope (401 without
 * a session, 403 from another site). The browser proposes its own origin; the owner confirms it.
 */
export const siteAddressRoutes: FastifyPluginAsync<{ siteAddress: SiteAddress }> = async (app, { siteAddress }) => {
  const current = () => ({
    address: siteAddress.configured ?? null,
    source: siteAddress.source,
    served: siteAddress.origin,
  });

  settingRoutes(app, {
    path: '/owner/site-address',
    response: siteAddressResponseSchema,
    current,
    get: { summary: "The site's address and where it comes from" },
    put: {
      summary: "Set the site's address",
      description:
        'An http(s) origin without a path; https unless the host is localhost or 127.0.0.1. While PUBLIC_URL ' +
        'sets the address, the answer is 409. Every process of the site uses the new address within a second.',
      body: siteAddressBodySchema,
      errors: [409],
      save: async ({ address }) => {
        if (siteAddress.source === 'environment') {
          throw new AppError(409, 'site_address_from_environment', "PUBLIC_URL sets the site's address on the server");
        }
        await siteAddress.save(address);
      },
      message: 'Saved',
    },
  });
};
