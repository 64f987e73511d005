import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { pictureDeletedResponseSchema } from '../../../../shared/schemas/pictures.js';
import { apiRequest } from '../../../shared/api/api-client.js';
import { contentPicturesQueryOptions } from './get-content-pictures.js';

type DeletedPicture = ResponseData<typeof pictureDeletedResponseSchema>;

/** Each folder of the path encoded on its own: `portfolio/shop.webp` stays two segments. */
const deleteContentPicture = (path: string) =>
  apiRequest<DeletedPicture>(`/owner/content/pictures/${path.split('/').map(encodeURIComponent).join('/')}`, {
    method: 'DELETE',
  });

/** Deletes a picture nothing uses (409 `picture_in_use` otherwise); the library is asked again either way. */
export function useDeleteContentPicture() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContentPicture,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentPicturesQueryOptions().queryKey }),
  });
}
