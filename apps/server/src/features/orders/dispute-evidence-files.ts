import type { AppDeps } from '../../app';
import type { Database } from '../../db/database';
import { PrivateImageFolder } from '../../lib/images/private-images';

/** Where dispute evidence images are kept: a private folder, never under a public one. */
export const evidenceFolder = (deps: AppDeps) => new PrivateImageFolder(deps.config.privateUploadDir, 'disputes');

/**
 * The order's evidence no statement posted, deleted as its dispute ends: only its uploader ever saw it, and nothing can
 * post it now. Answers the files, to remove once the move is committed.
 */
export async function dropUnpostedEvidence(trx: Database, orderId: string): Promise<string[]> {
  const rows = await trx
    .deleteFrom('disputeEvidence')
    .where('orderId', '=', orderId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('disputeStatements')
            .select('disputeStatements.id')
            .whereRef('disputeStatements.evidenceId', '=', 'disputeEvidence.id'),
        ),
      ),
    )
    .returning('fileName')
    .execute();
  return rows.map((r) => r.fileName);
}

/** Remove dropped evidence files; one that cannot be removed is logged, and the move stands. */
export async function removeEvidenceFiles(deps: AppDeps, fileNames: readonly string[]) {
  const folder = evidenceFolder(deps);
  for (const fileName of fileNames)
    await folder.remove(fileName).catch((err) => deps.log.warn({ err, fileName }, 'dispute evidence file not removed'));
}
