import { useEffect, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code loads on its own, and can be fetched before it first renders (`preload`). Until the code is
 * here it shows `fallback`. Not React.lazy with Suspense: a Suspense retry is rendered together with every other
 * pending retry of the page (say, its filter form) and after the page's own updates (its results), so a small widget
 * would appear only once the whole page has rendered. A state update renders just this component, as soon as the code
 * arrives; and code fetched beforehand renders at once, without a fallback.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: (props: P) => ReactNode = () => null,
) {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        pending = undefined; // The next render tries again.
        throw error;
      },
    );
    return pending;
  };
  function Preloadable(props: P) {
    const [Component, setComponent] = useState(() => loaded);
    useEffect(() => {
      if (Component) return;
      let mounted = true;
      preload().then(
        (component) => mounted && setComponent(() => component),
        () => undefined, // Without its code the widget stays out; the page around it works.
      );
      return () => {
        mounted = false;
      };
    }, [Component]);
    return Component ? <Component {...props} /> : fallback(props);
  }
  return Object.assign(Preloadable, { preload });
}
