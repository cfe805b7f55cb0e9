import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationInput, NotificationListQuery } from '@accountry/shared/announcements';
import { announcementKeys, announcementsApi } from '../api';

export function useAnnouncementList(q: NotificationListQuery) {
  return useQuery({
    queryKey: announcementKeys.adminList(q),
    queryFn: () => announcementsApi.list(q),
    placeholderData: keepPreviousData,
  });
}

export function useAnnouncementStats() {
  return useQuery({ queryKey: announcementKeys.adminStats, queryFn: announcementsApi.stats });
}

export function useAnnouncementMetrics(id: string | null) {
  return useQuery({
    queryKey: announcementKeys.metrics(id ?? ''),
    queryFn: () => announcementsApi.metrics(id!),
    enabled: !!id,
    staleTime: 0,
  });
}

/** Every change refreshes the admin lists, stats and metrics, and the admin's own banner. */
export function useAnnouncementMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: announcementKeys.all });
  return {
    create: useMutation({ mutationFn: (body: NotificationInput) => announcementsApi.create(body), onSuccess }),
    update: useMutation({
      mutationFn: (v: { id: string; body: NotificationInput }) => announcementsApi.update(v.id, v.body),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: string) => announcementsApi.remove(id), onSuccess }),
    recall: useMutation({ mutationFn: (id: string) => announcementsApi.recall(id), onSuccess }),
    send: useMutation({
      mutationFn: (v: { id: string; userIds: string[] }) => announcementsApi.send(v.id, v.userIds),
      onSuccess,
    }),
  };
}
