/**
 * Resolves once the element with this id comes within `margin` of the
 * viewport (at once on the server, or where IntersectionObserver is missing):
 * code for a section below the fold loads when the visitor gets near it.
 */
export function whenNear(id: string, margin = '600px'): Promise<void> {
  if (typeof window === 'undefined' || !('IntersectionObserver' in window)) return Promise.resolve();
  return new Promise((resolve) => {
    const start = () => {
      const element = document.getElementById(id);
      if (!element) return resolve();
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer.disconnect();
            resolve();
          }
        },
        { rootMargin: margin },
      );
      observer.observe(element);
    };
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start, { once: true });
    else start();
  });
}
