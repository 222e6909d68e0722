/** Saves a file read through the transport (with the bearer token) as a download named `name`. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once started; the address is let go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
