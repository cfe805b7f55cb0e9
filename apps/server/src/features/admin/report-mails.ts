import type { AdminReport } from '@accountry/shared/admin-reports';
import { isPublicListing } from '@accountry/shared/listing-rules';
import type { Database } from '../../db/database';
import { mailLayout } from '../../email/mail-layout';
import { queueMailToUser } from '../../email/mail-to-user';

/** Whether everyone may see the listing now, as its page answers them. */
async function listingOnSite(trx: Database, listingId: string) {
  const listing = await trx
    .selectFrom('listings')
    .select(['status', 'deletedAt'])
    .where('id', '=', listingId)
    .executeTakeFirst();
  return !!listing && isPublicListing(listing);
}

/**
 * What the reporter reported, and where it is (the site's front page when it is gone). A listing no longer on the
 * site (hidden, a draft or deleted: often what the report led to) is its seller's and the admins' again: neither its
 * title as it is now, which its seller may have changed since, nor a link to a page the reporter cannot open.
 */
function about(publicUrl: string, r: AdminReport, onSite: boolean) {
  const t = r.target;
  if (!t.exists || (r.targetType === 'listing' && !onSite))
    return { what: `the ${r.targetType} you reported`, name: 'your report', link: null };
  if (r.targetType === 'listing' && t.owner && t.listingId)
    return {
      what: `the listing "${t.label}"`,
      name: t.label,
      link: { label: 'Open the listing', url: `${publicUrl}/account/${t.owner.id}/${t.listingId}` },
    };
  if (r.targetType === 'conversation') {
    const title = /“(.*)”$/.exec(t.label)?.[1] ?? t.label;
    const url = `${publicUrl}/chat?c=${encodeURIComponent(r.targetId)}`;
    return { what: `a conversation about "${title}"`, name: title, link: { label: 'Open the conversation', url } };
  }
  return { what: `the member ${t.label}`, name: t.label, link: null };
}

/**
 * To the member who filed a report, when an admin resolves it: it was looked at. Neither the admins' note nor what
 * was done to the other member is said (that is the other member's business).
 */
export async function queueReportResolvedMail(trx: Database, publicUrl: string, report: AdminReport, now: number) {
  if (!report.reporter) return false;
  const a = about(publicUrl, report, report.targetType === 'listing' && (await listingOnSite(trx, report.targetId)));
  const body = mailLayout(
    'Thank you for your report',
    [
      `A moderator reviewed your report about ${a.what} and closed it.`,
      'When something breaks our rules we act on it, but we do not share what we did about another member. If ' +
        'it happens again, or you have more to tell us, report it again or reply to this email.',
    ],
    a.link ?? { label: 'Visit Accountry', url: publicUrl },
    'You get this email because you reported something on Accountry.',
  );
  const subject = `Your report was reviewed: ${a.name}`;
  return queueMailToUser(trx, report.reporter.id, (to) => ({ to: to.email, subject, ...body }), now, {
    activeOnly: true,
  });
}
