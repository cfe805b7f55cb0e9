import { useEffect } from 'react';
import { documentTitle } from '@accountry/shared/page-meta';

/** A page whose title comes from its data ("Immortal Valorant account · Accountry") sets it once it has loaded. */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title]);
}
