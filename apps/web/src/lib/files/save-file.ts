/** How long an object URL outlives the click that starts its download. */
export const OBJECT_URL_LIFETIME_MS = 60_000;

/**
 * Hands a fetched file to the browser's download: an object URL and a temporary
 * `<a download>`. One object so tests can observe it: vi.spyOn(fileSaver, 'save').
 */
export const fileSaver = {
  save(blob: Blob, filename: string): void {
    const href = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = href;
    link.download = filename;
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked later, not at once: the browser reads the URL after the click returns.
    window.setTimeout(() => URL.revokeObjectURL(href), OBJECT_URL_LIFETIME_MS);
  },
};
