import type {
  Notification,
  NotificationInput,
  NotificationListQuery,
  NotificationMetrics,
  NotificationPage,
  NotificationStats,
  UserSearchResult,
} from '@accountry/shared/announcements';
import { api, toQuery } from '../../lib/api';
import { MY_ANNOUNCEMENTS_KEY, MY_ANNOUNCEMENTS_URL } from './my-announcements-query';

const ADMIN = '/api/admin/announcements';
const MINE = MY_ANNOUNCEMENTS_URL;

export const announcementKeys = {
  all: ['announcements'] as const,
  mine: MY_ANNOUNCEMENTS_KEY,
  adminList: (q: NotificationListQuery) => ['announcements', 'admin', 'list', q] as const,
  adminStats: ['announcements', 'admin', 'stats'] as const,
  metrics: (id: string) => ['announcements', 'admin', 'metrics', id] as const,
  users: (q: string) => ['announcements', 'admin', 'users', q] as const,
};

export const announcementsApi = {
  markRead: (id: string) => api<void>(`${MINE}/${encodeURIComponent(id)}/read`, { method: 'POST' }),
  dismiss: (id: string) => api<void>(`${MINE}/${encodeURIComponent(id)}/dismiss`, { method: 'POST' }),

  list: (q: NotificationListQuery) => api<NotificationPage>(`${ADMIN}${toQuery({ ...q })}`),
  stats: () => api<NotificationStats>(`${ADMIN}/stats`),
  metrics: (id: string) => api<NotificationMetrics>(`${ADMIN}/${encodeURIComponent(id)}/metrics`),
  create: (body: NotificationInput) => api<Notification>(ADMIN, { body }),
  update: (id: string, body: NotificationInput) =>
    api<Notification>(`${ADMIN}/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
  remove: (id: string) => api<void>(`${ADMIN}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  recall: (id: string) => api<Notification>(`${ADMIN}/${encodeURIComponent(id)}/recall`, { method: 'POST' }),
  send: (id: string, userIds: string[]) =>
    api<Notification>(`${ADMIN}/${encodeURIComponent(id)}/send`, { body: { userIds } }),
  searchUsers: (q: string) =>
    api<{ users: UserSearchResult[] }>(`${ADMIN}/user-search${toQuery({ q })}`).then((r) => r.users),
  usersByIds: (ids: string[]) =>
    api<{ users: UserSearchResult[] }>(`${ADMIN}/user-search${toQuery({ ids: ids.join(',') })}`).then((r) => r.users),
};
