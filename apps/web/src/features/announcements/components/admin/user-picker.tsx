import { useMemo, useState } from 'react';
import { MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { UserSearchResult } from '@accountry/shared/announcements';
import { announcementKeys, announcementsApi } from '../../api';

const label = (u: UserSearchResult) => `${u.displayName} (${u.email})`;

/** Pick specific recipients by searching users on the server (name, email or id). */
export function UserPicker({
  value,
  onChange,
  error,
  label: fieldLabel = 'Recipients',
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  error?: string;
  label?: string;
}) {
  const [search, setSearch] = useState('');
  // Closed after each pick so the list never covers the dialog's buttons; typing again reopens it.
  const [open, setOpen] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const results = useQuery({
    queryKey: announcementKeys.users(debounced),
    queryFn: () => announcementsApi.searchUsers(debounced),
    enabled: debounced.length >= 2,
  });
  // Names of recipients chosen earlier (editing an announcement).
  const chosen = useQuery({
    queryKey: [...announcementKeys.users(''), 'ids', [...value].sort().join(',')],
    queryFn: () => announcementsApi.usersByIds(value),
    enabled: value.length > 0,
    staleTime: 5 * 60_000,
  });

  const data = useMemo(() => {
    const byId = new Map<string, string>();
    for (const u of chosen.data ?? []) byId.set(u.id, label(u));
    for (const u of results.data ?? []) byId.set(u.id, label(u));
    for (const id of value) if (!byId.has(id)) byId.set(id, id);
    return [...byId].map(([id, text]) => ({ value: id, label: text }));
  }, [chosen.data, results.data, value]);

  const nothing =
    debounced.length < 2 ? 'Type at least 2 characters' : results.isFetching ? 'Searching…' : 'No users found';
  return (
    <MultiSelect
      label={fieldLabel}
      placeholder={value.length ? undefined : 'Search by name, email or id'}
      description="Only these users will see the announcement."
      required
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already matched name, email or id.
      filter={({ options }) => options}
      data={data}
      value={value}
      onChange={(ids) => {
        if (ids.length > value.length) {
          setOpen(false);
          setSearch('');
        }
        onChange(ids);
      }}
      dropdownOpened={open}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      nothingFoundMessage={nothing}
      hidePickedOptions
      clearable
      error={error}
      maxDropdownHeight={240}
    />
  );
}
