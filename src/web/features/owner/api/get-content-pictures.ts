import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { picturesResponseSchema } from '../../../../shared/schemas/pictures.js';
import { apiRequest } from '../../../shared/api/api-client.js';

type ContentPictures = ResponseData<typeof picturesResponseSchema>;

const getContentPictures = () => apiRequest<ContentPictures>('/owner/content/pictures');

export const contentPicturesQueryOptions = () =>
  queryOptions({ queryKey: ['content', 'pictures'], queryFn: getContentPictures });

/** The picture library: every stored picture, to choose from. */
export const useContentPictures = () => useQuery(contentPicturesQueryOptions());
