import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Anchor, Container, Paper, Stack, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { listingInputSchema, type OwnListing } from '@accountry/shared/listing-schemas';
import { editBlocker } from '@accountry/shared/listing-rules';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { LoadError } from '../../../components/ui/load-error';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { ConfirmDialog, type ConfirmOptions } from '../../../components/ui/confirm-dialog';
import { listingPath } from '../../../components/listings/listing-format';
import { ApiRequestError } from '../../../lib/api';
import { focusFirstError, zodFieldErrors } from '../../../lib/forms';
import { toast } from '../../../lib/toast';
import { randomId } from '../../../lib/random-id';
import { createListing, fetchOwnListing, listingKeys, setListingStatus, updateListing } from '../api/listings-api';
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
import { EditorScreenshots } from '../components/editor-screenshots';
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
  // Only a first load that failed replaces the form: a failed read again keeps it, and what the seller typed in it.
  if (id && !query.data) {
    return (
      <Container size="sm" py="xl">
        <Stack gap="lg">
          <div>
            <Anchor component={Link} to="/listing-management" size="sm">
              ← My listings
            </Anchor>
          </div>
          <LoadError title="The listing could not be loaded" error={query.error!} refetch={query.refetch} pageTitle />
        </Stack>
      </Container>
    );
  }
  const reloadFailure = id && query.isError ? { error: query.error, refetch: query.refetch } : null;
  return <ListingEditor key={id ?? 'new'} listing={query.data ?? null} reloadFailure={reloadFailure} />;
}

/** Screenshots that failed while a new listing was first saved, carried to its edit page so each says why. */
type EditorState = { uploadFailures?: UploadState[] } | null;

type ReloadFailure = { error: Error; refetch: () => Promise<unknown> } | null;

function ListingEditor({ listing, reloadFailure }: { listing: OwnListing | null; reloadFailure: ReloadFailure }) {
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const [values, setValues] = useState<ListingFormState>(listing ? formFromListing(listing) : EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [queued, setQueued] = useState<File[]>([]);
  const [confirm, setConfirm] = useState<ConfirmOptions | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { uploads, upload, dismiss, busy, announced } = useScreenshotUploads(
    (location.state as EditorState)?.uploadFailures,
  );
  const form = useRef<HTMLFormElement>(null);
  // Sent with the create, the same on every press: a press again after a lost reply finds the listing it made.
  const requestId = useRef(randomId());
  // Set at the press, before React draws the pending state: a second press (or Enter) in between sends nothing.
  const saving = useRef(false);
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
  const locked = listing ? editBlocker(listing.status, listing.orderInProgress) : null;
  /** Loads the listing again; settles once the one on the screen is fresh. */
  const refresh = () =>
    Promise.all([
      listing && client.invalidateQueries({ queryKey: listingKeys.own(listing.id) }),
      client.invalidateQueries({ queryKey: listingKeys.allMine }),
    ]);

  const save = useMutation({
    mutationFn: async (publish: boolean) => {
      const body = listingInputSchema.parse(inputFromForm(values));
      const saved = listing
        ? await updateListing(listing.id, { ...body, contentVersion: listing.contentVersion })
        : await createListing({ ...body, requestId: requestId.current });
      try {
        if (queued.length) {
          const { failed } = await upload(saved.id, queued);
          setQueued([]);
          if (failed.length) throw Object.assign(new Error(uploadFailureText(failed)), { uploadFailures: failed });
        }
        if (publish) await setListingStatus(saved.id, 'active', saved.status);
      } catch (err) {
        // The listing exists now: further saves must edit it, not create another.
        throw Object.assign(err as Error, { savedId: saved.id });
      }
      return { saved, publish };
    },
    onSettled: () => {
      saving.current = false;
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
    if (saving.current) return;
    const parsed = listingInputSchema.safeParse(inputFromForm(values));
    if (!parsed.success) {
      // The focus goes to the first field to correct, where its message is read out.
      focusFirstError(form.current, () => setErrors(zodFieldErrors(parsed.error)));
      toast.error('Please correct the highlighted fields.');
      return;
    }
    setErrors({});
    setRefusal(null);
    saving.current = true;
    save.mutate(publish);
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
        <EditorHeader listing={listing} locked={locked} unsaved={dirty} confirm={setConfirm} />
        {reloadFailure && (
          <LoadError
            title="The listing could not be loaded again"
            error={reloadFailure.error}
            refetch={reloadFailure.refetch}
          />
        )}
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
            <EditorScreenshots
              listing={listing}
              queued={queued}
              setQueued={setQueued}
              uploads={uploads}
              announced={announced}
              upload={upload}
              dismiss={dismiss}
              locked={!!locked}
              refresh={refresh}
              confirm={setConfirm}
            />
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
