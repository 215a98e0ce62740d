/*
 * Parts of a page that hydrate late (HydrateWhenNear: the explorer's and the form's sections, each with a chunk of its
 * own) or never (StaticHtml: the legal texts and the cookie table), kept where docs/benchmarks.md measured a gain;
 * their contract, what a part must hold to use them, is in docs/site.md ("Hydration").
 */
import React, { type ComponentType, type ReactNode, Suspense, useState } from 'react';

/** What a visitor does to a section before using it: it hydrates at once. */
const INTERACTIONS = ['focusin', 'pointerover', 'pointerdown', 'input', 'change'] as const;

/** Set by the first change of address: from then on, everything hydrates and renders at once. */
let released = false;
const waiting = new Set<() => void>();

/**
 * Another page is being opened (gatsby-browser): every section still waiting
 * hydrates now. The router's update reaches every part of the page, and React
 * can hydrate a waiting part before the update only if it no longer waits.
 */
export function hydrateEverythingNow(): void {
  released = true;
  for (const release of waiting) release();
}

/**
 * Resolves once the element with this id comes within `margin` of the
 * viewport or the visitor reaches into it (focus, pointer, a change to one of
 * its fields), or the address changes; at once where the element is missing.
 * `onNear` runs at that moment, before the event that brought the visitor
 * reaches React.
 */
function whenNear(id: string, onNear: () => void, margin = '600px'): Promise<void> {
  return new Promise((resolve) => {
    let stop = () => {};
    const release = () => {
      stop();
      waiting.delete(release);
      onNear();
      resolve();
    };
    waiting.add(release);
    const start = () => {
      const element = document.getElementById(id);
      if (!element || !('IntersectionObserver' in window)) return release();
      const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && release(), {
        rootMargin: margin,
      });
      observer.observe(element);
      // On the document, ahead of React's listener on its root, which stops an event bound for a part not yet hydrated.
      const reached = (event: Event) => event.target instanceof Node && element.contains(event.target) && release();
      INTERACTIONS.forEach((type) => document.addEventListener(type, reached, { capture: true, passive: true }));
      stop = () => {
        observer.disconnect();
        INTERACTIONS.forEach((type) => document.removeEventListener(type, reached, true));
      };
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
    else start();
  });
}

interface Options {
  /** In the browser: whether the page was opened for this section (it hydrates at once). */
  now?: () => boolean;
  /** Code the section needs first (a chunk of its own), loaded when the section is near. */
  needs?: () => Promise<unknown>;
}

const gates = new Map<string, { open: boolean; opened: Promise<void> }>();

/** Suspends the first hydration of its children until their section (`id`) is near; renders them at once anywhere else. */
function Gate({ id, now, needs, children }: Options & { id: string; children: ReactNode }) {
  if (typeof window === 'undefined' || released) return children;
  let gate = gates.get(id);
  if (!gate) {
    const opening = { open: false, opened: Promise.resolve() };
    if (needs) opening.opened = (now?.() ? Promise.resolve() : whenNear(id, () => {})).then(needs).then(() => void (opening.open = true));
    else if (now?.()) opening.open = true;
    else opening.opened = whenNear(id, () => (opening.open = true));
    gates.set(id, (gate = opening));
  }
  if (!gate.open) throw gate.opened;
  return children;
}

/**
 * A section below the fold (its root element has this `id`) that hydrates
 * only when the visitor nears it or reaches into it, or when another page is
 * opened: until then React keeps its server-rendered HTML as it is, and a
 * phone that only reads the first screen neither downloads nor runs its code.
 */
export function HydrateWhenNear({ id, children, ...options }: Options & { id: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Gate id={id} {...options}>
        {children}
      </Gate>
    </Suspense>
  );
}

/**
 * A part of the page with no handler and nothing that changes (a legal text): in the browser React neither hydrates
 * nor renders it again. On the page the visitor opened, it keeps the server's HTML as it is (React leaves an element's
 * `dangerouslySetInnerHTML` content alone when hydrating, and the same string changes nothing after); on a page
 * reached client-side, its children render as anywhere else. The wrapper lays out nothing of its own
 * (`display: contents`).
 */
export function StaticHtml({ id, children }: { id: string; children: ReactNode }) {
  const [served] = useState(() =>
    typeof window === 'undefined' || released ? undefined : document.querySelector(`[data-static="${id}"]`)?.innerHTML,
  );
  const content = served === undefined ? { children } : { dangerouslySetInnerHTML: { __html: served }, suppressHydrationWarning: true };
  return <div data-static={id} className="static" {...content} />;
}

/**
 * A component in a chunk of its own: `load` fetches it (once), for
 * HydrateWhenNear's `needs` or ahead of a navigation; `Component` renders it,
 * at once when it has loaded (no suspension, so a section hydrating after
 * `needs` renders as on the server), suspending until then otherwise.
 */
export function ownChunk<Props extends object>(importer: () => Promise<ComponentType<Props>>) {
  let chunk:
    | { status: 'loading'; loaded: Promise<unknown> }
    | { status: 'loaded'; Loaded: ComponentType<Props> }
    | { status: 'failed'; error: unknown }
    | undefined;
  const load = () => {
    if (!chunk || chunk.status === 'failed') {
      const loaded = importer().then(
        (Loaded) => void (chunk = { status: 'loaded', Loaded }),
        (error: unknown) => void (chunk = { status: 'failed', error }),
      );
      chunk = { status: 'loading', loaded };
    }
    return chunk.status === 'loading' ? chunk.loaded : Promise.resolve();
  };
  function Component(props: Props) {
    // A chunk that failed to load is an error (gatsby-browser reloads the page for it), as with React.lazy.
    if (chunk?.status === 'failed') throw chunk.error;
    if (chunk?.status !== 'loaded') throw load();
    const { Loaded } = chunk;
    return <Loaded {...props} />;
  }
  return { load, Component };
}
