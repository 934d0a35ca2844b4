/** Saves a downloaded file under a name: a temporary object URL on a link with `download`, clicked. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked a moment later: some browsers read the blob after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
