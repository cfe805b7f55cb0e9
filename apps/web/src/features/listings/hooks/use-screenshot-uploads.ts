import { useCallback, useRef, useState } from 'react';
import { useLiveAnnouncer } from '../../../components/ui/live-announcer';
import { IMAGE_TYPES, MAX_IMAGE_BYTES } from '@accountry/shared/listings';
import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import { uploadImage } from '../api/listings-api';
import { rowsAfterBatch, type UploadRow } from '../lib/upload-rows';

export type UploadState = UploadRow;

/** Why a picked file cannot be a screenshot, checked before it is sent (the server checks again, by content). */
export function fileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return LISTING_MESSAGES.imageType;
  if (file.size > MAX_IMAGE_BYTES) return LISTING_MESSAGES.imageSize;
  return null;
}

/** Uploads screenshots one after another, tracking each file's progress and error (seeded with earlier failures). */
export function useScreenshotUploads(earlierFailures: UploadState[] = []) {
  const [uploads, setUploads] = useState<UploadState[]>(earlierFailures);
  // Each upload's end is read out politely (its failure is an alert of its row, in the screenshot manager).
  const { announce, lines } = useLiveAnnouncer();
  const batches = useRef(0);
  const patch = (key: string, p: Partial<UploadState>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...p } : u)));

  const upload = useCallback(
    async (listingId: string, files: File[], onEach?: () => void) => {
      const batchNo = batches.current++;
      const batch = files.map((f, i) => ({ file: f, key: `${batchNo}-${i}-${f.name}` }));
      const keys = new Set(batch.map((b) => b.key));
      setUploads((list) => [
        ...list.filter((u) => !u.done || u.error),
        ...batch.map(({ file, key }) => ({ key, name: file.name, progress: 0, error: null, done: false })),
      ]);
      const failed: UploadState[] = [];
      for (const { file, key } of batch) {
        try {
          await uploadImage(listingId, file, (progress) => patch(key, { progress }));
          patch(key, { progress: 1, done: true });
          announce(`${file.name} uploaded.`);
          onEach?.();
        } catch (err) {
          const failure = { key, name: file.name, progress: 0, error: (err as Error).message, done: true };
          failed.push(failure);
          patch(key, failure);
        }
      }
      // Only this batch's finished rows go: a batch picked while this one ran keeps its own.
      setUploads((list) => rowsAfterBatch(list, keys));
      return { failed };
    },
    [announce],
  );

  const dismiss = useCallback((key: string) => setUploads((list) => list.filter((u) => u.key !== key)), []);
  return { uploads, upload, dismiss, busy: uploads.some((u) => !u.done), announced: lines };
}
