import type { ResponseData } from '../../../shared/schemas/api.js';
import type {
  bulkStateResponseSchema,
  deliveryResponseSchema,
  MessageListQuery,
  MessageState,
  messageListResponseSchema,
  messageResponseSchema,
  NotificationChannel,
  notificationsResponseSchema,
  sessionResponseSchema,
  sessionsResponseSchema,
} from '../../../shared/schemas/owner.js';
import type { StatsQuery, statsResponseSchema, ThisBrowser, WeeklySummary } from '../../../shared/schemas/stats.js';
import { apiRequest } from '../../shared/api/api-client.js';

/* The owner area's calls, typed from the server's response schemas (imported as types only). */

export type MessageList = ResponseData<typeof messageListResponseSchema>;
export type NotificationStatusData = ResponseData<typeof notificationsResponseSchema>;

export const getSession = () => apiRequest<ResponseData<typeof sessionResponseSchema>>('/owner/session');

export const signIn = (password: string) =>
  apiRequest<ResponseData<typeof sessionResponseSchema>>('/owner/session', { method: 'POST', body: { password } });

export const signOut = () => apiRequest('/owner/session', { method: 'DELETE' });

export const listSessions = () => apiRequest<ResponseData<typeof sessionsResponseSchema>>('/owner/sessions');

export const endSession = (id: string) => apiRequest(`/owner/sessions/${id}`, { method: 'DELETE' });

/** The query string of a list or an export: only the filters that are set. */
export function messageQuery(query: MessageListQuery): string {
  const parameters = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') parameters.set(key, String(value));
  }
  const text = parameters.toString();
  return text ? `?${text}` : '';
}

export const listMessages = (query: MessageListQuery) =>
  apiRequest<MessageList>(`/owner/messages${messageQuery(query)}`);

export const getMessage = (id: string) =>
  apiRequest<ResponseData<typeof messageResponseSchema>>(`/owner/messages/${id}`);

export const setMessageState = (id: string, state: MessageState) =>
  apiRequest<ResponseData<typeof messageResponseSchema>>(`/owner/messages/${id}`, { method: 'PATCH', body: { state } });

export const setMessagesState = (ids: string[], state: MessageState) =>
  apiRequest<ResponseData<typeof bulkStateResponseSchema>>('/owner/messages', {
    method: 'PATCH',
    body: { ids, state },
  });

export const getNotifications = () => apiRequest<NotificationStatusData>('/owner/notifications');

export const sendTestNotification = (channel: NotificationChannel) =>
  apiRequest<ResponseData<typeof deliveryResponseSchema>>('/owner/notifications/test', {
    method: 'POST',
    body: { channel },
  });

export const resendDelivery = (id: string) =>
  apiRequest<ResponseData<typeof deliveryResponseSchema>>(`/owner/notifications/${id}/resend`, { method: 'POST' });

export type StatsData = ResponseData<typeof statsResponseSchema>;

export const getStats = ({ from, to }: StatsQuery, signal?: AbortSignal) =>
  apiRequest<StatsData>(`/owner/stats?${new URLSearchParams({ from, to })}`, { signal });

export const getThisBrowser = () => apiRequest<ThisBrowser>('/owner/stats/this-browser');

export const setThisBrowser = (counted: boolean) =>
  apiRequest<ThisBrowser>('/owner/stats/this-browser', { method: 'PUT', body: { counted } });

export const getWeeklySummary = () => apiRequest<WeeklySummary>('/owner/weekly-summary');

export const setWeeklySummary = (enabled: boolean) =>
  apiRequest<WeeklySummary>('/owner/weekly-summary', { method: 'PUT', body: { enabled } });
