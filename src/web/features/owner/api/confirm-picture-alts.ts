import { useMutation } from '@tanstack/react-query';
import type { AltConfirmation } from '../../../../shared/picture-alt-review.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { type AltConfirmations, altConfirmationsQueryOptions } from './get-picture-alt-confirmations.js';

const confirmAlts = (confirmation: AltConfirmation) =>
  apiRequest<AltConfirmations>('/owner/content/alt-confirmations', { method: 'PUT', body: confirmation });

/** The owner's word that a place's alt texts, as they are, fit its new picture. */
export function useConfirmPictureAlts() {
  return useMutation({
    mutationFn: confirmAlts,
    meta: { updates: altConfirmationsQueryOptions().queryKey },
  });
}
