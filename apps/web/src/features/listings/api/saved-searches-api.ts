import type { SavedSearch } from '@accountry/shared/saved-searches';
import { api } from '../../../lib/api';

export const SAVED_SEARCHES_KEY = ['saved-searches'];

/** A member's saved /browse searches (decision 167). */
export const savedSearchesApi = {
  list: () => api<{ items: SavedSearch[] }>('/api/saved-searches'),
  save: (query: string) => api<SavedSearch>('/api/saved-searches', { body: { query } }),
  setAlerts: ({ id, alerts }: { id: string; alerts: boolean }) =>
    api<SavedSearch>(`/api/saved-searches/${encodeURIComponent(id)}`, { method: 'PATCH', body: { alerts } }),
  remove: (id: string) => api<void>(`/api/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};
