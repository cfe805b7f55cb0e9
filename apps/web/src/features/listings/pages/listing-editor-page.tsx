import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listingInputSchema, type ListingImage, type OwnListing } from '@accountry/shared/listing-schemas';
import { editBlocker } from '@accountry/shared/listing-rules';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { LoadError } from '../../../components/ui/load-error';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { ConfirmDialog, type ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { listingPath } from '../../../components/listings/listing-format';
import { ApiRequestError } from '../../../lib/api';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import {
  createListing,
  deleteImage,
  fetchOwnListing,
  listingKeys,
  reorderImages,
  setListingStatus,
  updateListing,
} from '../api/listings-api';
import { useScreenshotUploads, type UploadState } from '../hooks/use-screenshot-uploads';
import {
  EMPTY_FORM,
  errorKey,
  formFromListing,
  inputFromForm,
  type ListingFormState,
} from '../components/listing-form-state';
import { ListingFormFields } from '../components/listing-form-fields';
import { AttributeFields } from '../components/attribute-fields';
import { ScreenshotManager } from '../components/screenshot-manager';
import { SaveRefusal } from '../components/save-refusal';
import { EditorHeader } from '../components/editor-header';
import { EditorButtons } from '../components/editor-buttons';
import { feesQuery } from '../../../components/orders/fees';

/** /listing-management/new and /listing-management/:id/edit. */
export function Component() {
  const { id } = useParams();
  const query = useQuery({ queryKey: listingKeys.own(id ?? ''), queryFn: () => fetchOwnListing(id!), enabled: !!id });
  // The price's note says what the seller keeps after the fee: the form shows with it, not moved down when it comes
  // (a select opened meanwhile would be pushed down with its list, off the screen near its bottom edge).
  const fees = useQuery(feesQuery);
  if ((id && query.isPending) || fees.isPending)
    return <PageSpinner label={id ? 'Loading your listing…' : undefined} />;
  if (id && query.isError) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="lg">
          <div>
            <Anchor component={Link} to="/listing-management" size="sm">
              ← My listings
            </Anchor>
          </div>
          <LoadError title="The listing could not be loaded" error={query.error} refetch={query.refetch} pageTitle />
        </Stack>
      </Container>
    );
  }
  return <ListingEditor key={id ?? 'new'} listing={query.data ?? null} />;
}

/** Screenshots that failed while a new listing was first saved, carried to its edit page so each says why. */
type EditorState = { uploadFailures?: UploadState[] } | null;

function ListingEditor({ listing }: { listing: OwnListing | null }) {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const [values, setValues] = useState<ListingFormState>(listing ? formFromListing(listing) : EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [queued, setQueued] = useState<File[]>([]);
  const [confirm, setConfirm] = useState<ConfirmOptions | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { uploads, upload, dismiss, busy } = useScreenshotUploads((location.state as EditorState)?.uploadFailures);
  const form = useRef<HTMLFormElement>(null);
  // Unsaved work: the form changed, or screenshots wait to be uploaded with the first save.
  const initial = useRef(values);
  const leaving = useRef(false);
  const dirty = queued.length > 0 || JSON.stringify(values) !== JSON.stringify(initial.current);
  // A field changed is a field to check again: its old error goes with the old value.
  const set = <K extends keyof ListingFormState>(key: K, value: ListingFormState[K]) => {
    setValues((s) => ({ ...s, [key]: value }));
    setErrors((e) => {
      if (!(errorKey(key) in e)) return e;
      const { [errorKey(key)]: _gone, ...rest } = e;
      return rest;
    });
  };
  const images = listing?.images ?? [];
  const locked = listing ? editBlocker(listing.status, listing.orderInProgress) : null;
  /** Loads the listing again; settles once the one on the screen is fresh. */
  const refresh = () =>
    Promise.all([
      listing && client.invalidateQueries({ queryKey: listingKeys.own(listing.id) }),
      client.invalidateQueries({ queryKey: ['my-listings'] }),
    ]);

  const save = useMutation({
    mutationFn: async (publish: boolean) => {
      const body = listingInputSchema.parse(inputFromForm(values));
      const saved = listing ? await updateListing(listing.id, body) : await createListing(body);
      try {
        if (queued.length) {
          const { failed } = await upload(saved.id, queued);
          setQueued([]);
          if (failed.length) throw Object.assign(new Error(uploadFailureText(failed)), { uploadFailures: failed });
        }
        if (publish) await setListingStatus(saved.id, 'active');
      } catch (err) {
        // The listing exists now: further saves must edit it, not create another.
        throw Object.assign(err as Error, { savedId: saved.id });
      }
      return { saved, publish };
    },
    onSuccess: ({ saved, publish }) => {
      leaving.current = true;
      refresh();
      toast.success(publish ? 'Your listing is live.' : listing ? 'Changes saved.' : 'Draft saved.');
      navigate(listing && !publish ? listingPath(saved) : '/listing-management');
    },
    onError: (err) => {
      refresh();
      const savedId = (err as { savedId?: string }).savedId;
      if (!listing && savedId) {
        toast.error(`Your draft was saved, but: ${err.message}`);
        leaving.current = true;
        const state: EditorState = { uploadFailures: (err as { uploadFailures?: UploadState[] }).uploadFailures };
        navigate(`/listing-management/${savedId}/edit`, { replace: true, state });
        return;
      }
      if (err instanceof ApiRequestError && Object.keys(err.fields).length)
        focusFirstError(form.current, () => setErrors(err.fields));
      else setRefusal(err.message);
    },
  });

  const submit = (publish: boolean) => {
    const parsed = listingInputSchema.safeParse(inputFromForm(values));
    if (!parsed.success) {
      // The focus goes to the first field to correct, where its message is read out.
      focusFirstError(form.current, () => setErrors(zodFieldErrors(parsed.error)));
      toast.error('Please correct the highlighted fields.');
      return;
    }
    setErrors({});
    setRefusal(null);
    save.mutate(publish);
  };

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
    <Container size="md" py="xl">
      <ConfirmDialog options={confirm} onClose={() => setConfirm(null)} />
      <LeaveGuard
        shouldBlock={() => dirty && !leaving.current}
        title="Leave without saving?"
        message="Your changes to this listing are not saved. If you leave now, they are lost."
      />
      <Stack gap="lg">
        <EditorHeader listing={listing} locked={locked} />
        <Paper
          ref={form}
          withBorder
          p="lg"
          component="form"
          aria-label="Listing details"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            submit(false);
          }}
        >
          <Stack gap="md">
            <ListingFormFields values={values} errors={errors} set={set} disabled={!!locked} />
            {values.category && (
              <section aria-label="Key attributes">
                <Title order={2} size="h5" mb="xs">
                  Key attributes
                </Title>
                <AttributeFields
                  category={values.category}
                  values={values}
                  errors={errors}
                  set={set}
                  disabled={!!locked}
                />
              </section>
            )}
            <section aria-label="Screenshots">
              <Title order={2} size="h5" mb="xs">
                Screenshots
              </Title>
              <ScreenshotManager
                images={images}
                queued={queued}
                uploads={uploads}
                onAdd={addFiles}
                disabled={!!locked || imageAction.isPending}
                onRemoveQueued={(i) => setQueued((q) => q.filter((_, j) => j !== i))}
                onDismissUpload={dismiss}
                onRemove={(img) =>
                  setConfirm({
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
                onMove={(img, d) =>
                  imageAction.mutate({ move: [img, d] }, { onError: (err) => toast.error(err.message) })
                }
              />
              {isDraft && images.length + queued.length === 0 && (
                <Text size="xs" c="dimmed" mt={4}>
                  Add at least one screenshot before publishing.
                </Text>
              )}
            </section>
            {refusal && <SaveRefusal message={refusal} />}
            {!locked && (
              <EditorButtons
                existing={!!listing}
                isDraft={isDraft}
                saving={save.isPending ? (save.variables ? 'publish' : 'save') : null}
                busy={busy}
                onPublish={() => submit(true)}
              />
            )}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

function uploadFailureText(failed: UploadState[]) {
  const names = failed.map((f) => `“${f.name}”`).join(', ');
  return `${names} could not be uploaded (see Screenshots below); add ${failed.length === 1 ? 'it' : 'them'} again.`;
}
