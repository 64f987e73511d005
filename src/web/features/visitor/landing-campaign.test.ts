import { describe, expect, it } from 'vitest';
import { MAX_SENT_CAMPAIGN_LENGTH } from '../../../shared/statistics.js';
import { landingCampaign } from './landing-campaign.js';

describe('landingCampaign', () => {
  it('reads utm_source, utm_medium and utm_campaign of the landing address', () => {
    expect(landingCampaign('?utm_source=telegram&utm_medium=social&utm_campaign=spring%20cv')).toEqual({
      source: 'telegram',
      medium: 'social',
      campaign: 'spring cv',
    });
  });

  it('takes ref (or source) as the source when utm_source is missing or empty', () => {
    expect(landingCampaign('?ref=producthunt')).toEqual({ source: 'producthunt' });
    expect(landingCampaign('?utm_source=&source=newsletter')).toEqual({ source: 'newsletter' });
    expect(landingCampaign('?utm_source=x&ref=y')).toEqual({ source: 'x' });
  });

  it('sends nothing for an address without a campaign, and cuts long values to what the API takes', () => {
    expect(landingCampaign('')).toEqual({});
    expect(landingCampaign('?q=1&utm_medium=%20%20')).toEqual({});
    expect(landingCampaign(`?utm_campaign=${'a'.repeat(5000)}`).campaign).toHaveLength(MAX_SENT_CAMPAIGN_LENGTH);
  });
});
