import { Link } from 'react-router';
import { Button, Group, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';

interface Props {
  /** An existing listing saves changes; a new one saves a draft. */
  existing: boolean;
  /** A draft can be published from the form. */
  isDraft: boolean;
  saving: 'save' | 'publish' | null;
  busy: boolean;
  onPublish: () => void;
}

/**
 * The form's buttons. On a desktop: Cancel, Save, then the main action at the right. On a phone the main action leads,
 * the width of the form, and the other two share the row under it (three in a row would leave one alone on a second).
 */
export function EditorButtons({ existing, isDraft, saving, busy, onPublish }: Props) {
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  // While one save runs, neither button sends another (a second create would be a second listing).
  const disabled = busy || saving !== null;
  const cancel = (
    <Button variant="default" component={Link} to="/listing-management">
      Cancel
    </Button>
  );
  const save = (
    <Button type="submit" variant={isDraft ? 'default' : 'filled'} loading={saving === 'save'} disabled={disabled}>
      {existing ? 'Save changes' : 'Save draft'}
    </Button>
  );
  const publish = isDraft && (
    <Button onClick={onPublish} loading={saving === 'publish'} disabled={disabled}>
      {existing ? 'Save and publish' : 'Publish'}
    </Button>
  );
  if (!phone)
    return (
      <Group justify="flex-end">
        {cancel}
        {save}
        {publish}
      </Group>
    );
  return publish ? (
    <Stack gap="sm">
      {publish}
      <Group grow>
        {save}
        {cancel}
      </Group>
    </Stack>
  ) : (
    <Stack gap="sm">
      {save}
      {cancel}
    </Stack>
  );
}
