import { REPORT_REASONS, REPORT_REASON_LABELS, listingReportSchema } from '@accountry/shared/listing-detail';
import { LISTING_MESSAGES } from '@accountry/shared/listing-messages';
import { ReportDialog as ReportForm } from '../../../components/ui/report-dialog';
import { reportListing } from '../api/listings-api';

const REASONS = REPORT_REASONS.map((r) => ({ value: r, label: REPORT_REASON_LABELS[r] }));

/** Tell the moderators what is wrong with a listing. */
export function ReportDialog({
  listingId,
  opened,
  onClose,
}: {
  listingId: string;
  opened: boolean;
  onClose: () => void;
}) {
  return (
    <ReportForm
      title="Report this listing"
      opened={opened}
      onClose={onClose}
      reasons={REASONS}
      detailsField="message"
      detailsMaxLength={1000}
      schema={listingReportSchema}
      send={(input) => reportListing(listingId, input)}
      successMessage={LISTING_MESSAGES.reported}
      intro="Our moderators will review this listing. The seller is not told who reported it."
    />
  );
}
