/** §7 page views (placeholder: built by issue 4's analytics work). */
export function usePageViews(): void {
  // Filled in by the analytics module.
}
