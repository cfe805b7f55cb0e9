import { useRef, useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { Tooltip } from '../ui/tooltip';
import { IconHeart, IconHeartFilled } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { hasRequiredRole } from '@accountry/shared/roles';
import { api } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/session';
import { favoriteChanged } from './favorite-changed';

export function useCanFavorite(sellerId: string) {
  const { user } = useSession();
  return !!user && user.uid !== sellerId && hasRequiredRole(user.role, ['buyer', 'seller', 'both']);
}

interface FavoriteButtonProps {
  listingId: string;
  sellerId: string;
  title: string;
  isFavorite: boolean;
  variant?: 'icon' | 'button';
}

/** The heart on cards and the detail page; shown to members who do not sell the listing. */
export function FavoriteButton(props: FavoriteButtonProps) {
  // Visitors (most of a browse page's readers) get nothing, without a mutation observer per card.
  return useCanFavorite(props.sellerId) ? <FavoriteToggle {...props} /> : null;
}

function FavoriteToggle({ listingId, title, isFavorite, variant = 'icon' }: FavoriteButtonProps) {
  const client = useQueryClient();
  // Set at the tap itself: the mutation's pending state reaches the render a moment later, after a double tap's second.
  const sending = useRef(false);
  const [on, setOn] = useState(isFavorite);
  const [seen, setSeen] = useState(isFavorite);
  if (seen !== isFavorite) {
    setSeen(isFavorite);
    setOn(isFavorite);
  }
  const toggle = useMutation({
    mutationFn: (next: boolean) =>
      next
        ? api('/api/favorites', { body: { listingId } })
        : api(`/api/favorites/${encodeURIComponent(listingId)}`, { method: 'DELETE' }),
    onMutate: (next) => setOn(next),
    onSuccess: (_d, next) => {
      void favoriteChanged(client, listingId, next);
      toast.success(next ? 'Saved to your favorites' : 'Removed from your favorites');
    },
    onError: (err, next) => {
      setOn(!next);
      toast.error(err.message);
    },
    onSettled: () => {
      sending.current = false;
    },
  });
  const send = (next: boolean) => {
    if (sending.current) return;
    sending.current = true;
    toggle.mutate(next);
  };
  const label = on ? `Remove ${title} from favorites` : `Add ${title} to favorites`;
  const Icon = on ? IconHeartFilled : IconHeart;
  if (variant === 'button') {
    return (
      <Button
        variant={on ? 'light' : 'default'}
        color="pink"
        leftSection={<Icon size={18} />}
        aria-pressed={on}
        aria-label={label}
        onClick={() => send(!on)}
        loading={toggle.isPending}
      >
        {on ? 'Saved' : 'Save'}
      </Button>
    );
  }
  return (
    <Tooltip label={on ? 'Remove from favorites' : 'Add to favorites'} withArrow>
      <ActionIcon
        variant="white"
        color="pink"
        radius="xl"
        size="lg"
        aria-pressed={on}
        aria-label={label}
        // Not `disabled`, which would drop the focus: a second tap while the first is sent is ignored, so a double tap
        // sends one request and the heart ends as it says.
        aria-disabled={toggle.isPending || undefined}
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          send(!on);
        }}
      >
        <Icon size={20} />
      </ActionIcon>
    </Tooltip>
  );
}
