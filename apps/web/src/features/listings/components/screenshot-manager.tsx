import { useEffect, useMemo, useRef, useState } from 'react';
import {
  ActionIcon,
  Alert,
  AspectRatio,
  Badge,
  Box,
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { IMAGE_TYPES, MAX_LISTING_IMAGES } from '@accountry/shared/listings';
import type { ListingImage } from '@accountry/shared/listing-schemas';
import { focusLost } from '../../../lib/focus-targets';
import { LiveAnnouncer } from '../../../components/ui/live-announcer';
import { fileProblem, type UploadState } from '../hooks/use-screenshot-uploads';

interface Props {
  images: ListingImage[];
  queued: File[];
  uploads: UploadState[];
  onAdd: (files: File[]) => void;
  onRemoveQueued: (index: number) => void;
  onRemove: (image: ListingImage) => void;
  onMove: (image: ListingImage, delta: number) => void;
  onDismissUpload: (key: string) => void;
  /** What the uploads said, for the polite live region (use-screenshot-uploads). */
  announced: Array<{ id: number; text: string }>;
  error?: string;
  disabled?: boolean;
}

function QueuedPreview({ file, onRemove }: { file: File; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Box pos="relative">
      <AspectRatio ratio={4 / 3}>
        <Image src={url} alt={`New screenshot ${file.name}`} radius="sm" fit="cover" />
      </AspectRatio>
      <Badge pos="absolute" bottom={6} left={6} size="xs" color="gray">
        Not uploaded yet
      </Badge>
      <CloseButton
        pos="absolute"
        top={4}
        right={4}
        variant="white"
        aria-label={`Remove ${file.name}`}
        onClick={onRemove}
      />
    </Box>
  );
}

/** Up to eight screenshots: pick files, see upload progress, remove, and reorder (the first is the cover). */
export function ScreenshotManager({
  images,
  queued,
  uploads,
  onAdd,
  onRemoveQueued,
  onRemove,
  onMove,
  onDismissUpload,
  announced,
  error,
  disabled,
}: Props) {
  const [problems, setProblems] = useState<string[]>([]);
  const grid = useRef<HTMLDivElement>(null);
  // The buttons are disabled while a move is saved, which drops the focus: once saved, it follows the moved
  // screenshot, to the same arrow, or the other one once it reached an end.
  const [moved, setMoved] = useState<{ id: string; delta: number; saving: boolean } | null>(null);
  useEffect(() => {
    if (!moved) return;
    if (disabled) {
      if (!moved.saving) setMoved({ ...moved, saving: true });
      return;
    }
    if (!moved.saving) return;
    setMoved(null);
    if (!focusLost()) return;
    const arrows = [...(grid.current?.querySelectorAll<HTMLButtonElement>(`[data-move="${moved.id}"]`) ?? [])];
    const enabled = arrows.filter((a) => !a.disabled);
    (enabled.find((a) => a.dataset.delta === String(moved.delta)) ?? enabled[0])?.focus();
  }, [moved, disabled, images]);
  const move = (image: ListingImage, delta: number) => {
    setMoved({ id: image.id, delta, saving: false });
    onMove(image, delta);
  };
  const room = MAX_LISTING_IMAGES - images.length - queued.length - uploads.filter((u) => !u.done).length;
  const pick = (files: File[]) => {
    const found: string[] = [];
    const ok = files.filter((f) => {
      const p = fileProblem(f);
      if (p) found.push(`${f.name}: ${p}`);
      return !p;
    });
    if (ok.length > room)
      found.push(
        `Only ${Math.max(room, 0)} more screenshot${room === 1 ? '' : 's'} fit (up to ${MAX_LISTING_IMAGES}).`,
      );
    setProblems(found);
    if (room > 0 && ok.length) onAdd(ok.slice(0, room));
  };
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {images.length + queued.length} of {MAX_LISTING_IMAGES} · JPEG, PNG or WebP · the first one is the cover
        </Text>
        <FileButton onChange={pick} accept={IMAGE_TYPES.join(',')} multiple disabled={disabled || room <= 0}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhotoPlus size={18} />}>
              Add screenshots
            </Button>
          )}
        </FileButton>
      </Group>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
      {problems.length > 0 && (
        <Alert color="red" withCloseButton onClose={() => setProblems([])} role="alert">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      <SimpleGrid ref={grid} cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
        {images.map((img, i) => (
          <Box key={img.id} pos="relative">
            <AspectRatio ratio={4 / 3}>
              <Image src={img.thumbUrl} alt={`Screenshot ${i + 1}`} radius="sm" fit="cover" />
            </AspectRatio>
            {i === 0 && (
              <Badge pos="absolute" top={6} left={6} size="xs">
                Cover
              </Badge>
            )}
            {/* Big enough for a finger, and the remove button away from the arrows. */}
            <Tooltip label="Remove">
              <ActionIcon
                size="lg"
                color="red"
                variant="white"
                pos="absolute"
                top={6}
                right={6}
                aria-label={`Remove screenshot ${i + 1}`}
                disabled={disabled}
                onClick={() => onRemove(img)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
            <Group gap={6} pos="absolute" bottom={6} right={6}>
              <Tooltip label="Move left">
                <ActionIcon
                  size="lg"
                  variant="white"
                  aria-label={`Move screenshot ${i + 1} left`}
                  data-move={img.id}
                  data-delta={-1}
                  disabled={disabled || i === 0}
                  onClick={() => move(img, -1)}
                >
                  <IconArrowLeft size={18} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Move right">
                <ActionIcon
                  size="lg"
                  variant="white"
                  aria-label={`Move screenshot ${i + 1} right`}
                  data-move={img.id}
                  data-delta={1}
                  disabled={disabled || i === images.length - 1}
                  onClick={() => move(img, 1)}
                >
                  <IconArrowRight size={18} />
                </ActionIcon>
              </Tooltip>
            </Group>
          </Box>
        ))}
        {queued.map((f, i) => (
          <QueuedPreview key={`${f.name}-${f.size}-${i}`} file={f} onRemove={() => onRemoveQueued(i)} />
        ))}
      </SimpleGrid>
      <LiveAnnouncer label="Screenshot uploads" lines={announced} />
      {uploads.map((u) => (
        <Box key={u.key}>
          <Group justify="space-between" gap="xs">
            {/* A refusal is an alert, read out at once; progress is not (the log says when each one is done). */}
            <Text size="sm" truncate role={u.error ? 'alert' : undefined}>
              {u.error ? `${u.name}: ${u.error}` : `Uploading ${u.name}`}
            </Text>
            {u.error && (
              <CloseButton size="sm" aria-label={`Dismiss ${u.name}`} onClick={() => onDismissUpload(u.key)} />
            )}
          </Group>
          <Progress
            value={Math.round(u.progress * 100)}
            color={u.error ? 'red' : undefined}
            aria-label={`Upload progress of ${u.name}`}
            animated={!u.done}
          />
        </Box>
      ))}
    </Stack>
  );
}
