import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileSaver, OBJECT_URL_LIFETIME_MS } from './save-file.js';

describe('fileSaver.save', () => {
  const createObjectURL = vi.fn(() => 'blob:http://localhost:3000/file-1');
  const revokeObjectURL = vi.fn();

  beforeEach(() => {
    vi.useFakeTimers();
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
  });

  it('clicks a temporary download link to an object URL of the file, then revokes it', () => {
    const clicked: { href: string; download: string; connected: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download, connected: this.isConnected });
    });
    const blob = new Blob(['a,b\r\n'], { type: 'text/csv' });

    fileSaver.save(blob, 'cases.csv');

    expect(createObjectURL).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([
      { href: 'blob:http://localhost:3000/file-1', download: 'cases.csv', connected: true },
    ]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS);
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost:3000/file-1');
  });
});
