import { PageSpinner } from '../components/ui/page-spinner';

/**
 * The site's frame while the first page's code loads: the same header index.html draws before any script runs (kept
 * in step with it), so the page does not go blank between the two, and a spinner where the page will be.
 */
export function FramePlaceholder() {
  return (
    <div className="app-frame">
      <header className="app-header">
        <div className="app-header-placeholder">
          <a className="app-home-link" href="/" aria-label="Accountry home">
            <img src="/logo.png" alt="" width={32} height={32} />
            Accountry
          </a>
        </div>
      </header>
      <main className="app-main">
        <PageSpinner />
      </main>
    </div>
  );
}
