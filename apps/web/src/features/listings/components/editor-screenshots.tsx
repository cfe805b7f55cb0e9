import { Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import type { ListingImage, OwnListing } from '@accountry/shared/listing-schemas';
import type { ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../lib/toast';
import { deleteImage, reorderImages } from '../api/listings-api';
import type { UploadState } from '../hooks/use-screenshot-uploads';
import { ScreenshotManager } from './screenshot-manager';

interface Props {
  listing: OwnListing | null;
  queued: File[];
  setQueued: (update: (q: File[]) => File[]) => void;
  uploads: UploadState[];
  announced: Array<{ id: number; text: string }>;
  upload: (listingId: string, files: File[], onEach?: () => void) => Promise<unknown>;
  dismiss: (key: string) => void;
  locked: boolean;
  refresh: () => Promise<unknown>;
  confirm: (options: ConfirmOptions) => void;
}

/** The editor's screenshots: uploaded at once on a saved listing, queued until the first save on a new one. */
export function EditorScreenshots({
  listing,
  queued,
  setQueued,
  uploads,
  announced,
  upload,
  dismiss,
  locked,
  refresh,
  confirm,
}: Props) {
  const images = listing?.images ?? [];
  const imageAction = useMutation({
    mutationFn: async (action: { remove?: ListingImage; move?: [ListingImage, number] }) => {
      if (action.remove) return deleteImage(listing!.id, action.remove.id);
      const [img, delta] = action.move!;
      const ids = images.map((i) => i.id);
      const from = ids.indexOf(img.id);
      ids.splice(from, 1);
      ids.splice(from + delta, 0, img.id);
      await reorderImages(listing!.id, ids);
    },
    // Pending until the listing is loaded again: a next move is worked out from the order on the screen.
    onSuccess: refresh,
  });
  const addFiles = (files: File[]) => {
    if (!listing) return setQueued((q) => [...q, ...files]);
    void upload(listing.id, files, refresh);
  };
  const isDraft = !listing || listing.status === 'draft';
  return (
    <section aria-label="Screenshots">
      <Title order={2} size="h5" mb="xs">
        Screenshots
      </Title>
      <ScreenshotManager
        images={images}
        queued={queued}
        uploads={uploads}
        announced={announced}
        onAdd={addFiles}
        disabled={locked || imageAction.isPending}
        onRemoveQueued={(i) => setQueued((q) => q.filter((_, j) => j !== i))}
        onDismissUpload={dismiss}
        onRemove={(img) =>
          confirm({
            title: 'Remove this screenshot?',
            message: `Screenshot ${images.indexOf(img) + 1} is deleted from the listing at once.`,
            confirmLabel: 'Remove screenshot',
            danger: true,
            onConfirm: () => imageAction.mutateAsync({ remove: img }),
            // Its buttons are gone with it: back to the screenshots' first control.
            returnFocusTo: () =>
              document.querySelector<HTMLElement>('section[aria-label="Screenshots"] button:not([disabled])'),
          })
        }
        onMove={(img, d) => imageAction.mutate({ move: [img, d] }, { onError: (err) => toast.error(err.message) })}
      />
      {isDraft && images.length + queued.length === 0 && (
        <Text size="xs" c="dimmed" mt={4}>
          Add at least one screenshot before publishing.
        </Text>
      )}
    </section>
  );
}
