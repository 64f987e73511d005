import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResponseData } from '../../../../shared/schemas/api.js';
import type { notificationsResponseSchema } from '../../../../shared/schemas/owner.js';
import { apiRequest } from '../../../shared/api/api-client.js';

export type NotificationStatus = ResponseData<typeof notificationsResponseSchema>;

const getNotifications = () => apiRequest<NotificationStatus>('/owner/notifications');

export const getNotificationsQueryOptions = () =>
  queryOptions({ queryKey: ['notifications'], queryFn: getNotifications });

/** The channels, how many deliveries wait, and the ones that failed. */
export const useNotifications = () => useQuery(getNotificationsQueryOptions());
