import { Badge } from '@mantine/core';
import { LISTING_STATUS_LABELS, type ListingStatus } from '@accountry/shared/listings';
import { REPORT_STATUS_LABELS, type ReportStatus } from '@accountry/shared/admin-reports';
import { ROLE_LABELS, USER_STATE_LABELS, type UserState } from '@accountry/shared/admin-users';
import type { Role } from '@accountry/shared/roles';

const STATE_COLORS: Record<UserState, string> = { active: 'green', disabled: 'orange', deleted: 'red' };
const LISTING_COLORS: Record<ListingStatus, string> = {
  draft: 'gray',
  active: 'green',
  reserved: 'yellow',
  sold: 'blue',
  hidden: 'red',
};
const REPORT_COLORS: Record<ReportStatus, string> = { open: 'red', in_progress: 'yellow', resolved: 'green' };

export const UserStateBadge = ({ state }: { state: UserState }) => (
  <Badge color={STATE_COLORS[state]} variant="light">
    {USER_STATE_LABELS[state]}
  </Badge>
);
export const RoleBadge = ({ role }: { role: Role }) => (
  <Badge color={role === 'admin' ? 'grape' : 'indigo'} variant="outline">
    {ROLE_LABELS[role]}
  </Badge>
);
export const ListingStatusBadge = ({ status }: { status: ListingStatus }) => (
  <Badge color={LISTING_COLORS[status]} variant="light">
    {LISTING_STATUS_LABELS[status]}
  </Badge>
);
export const ReportStatusBadge = ({ status }: { status: ReportStatus }) => (
  <Badge color={REPORT_COLORS[status]} variant="light">
    {REPORT_STATUS_LABELS[status]}
  </Badge>
);
