/** How long a saved file's blob URL lives: some browsers read it after click() has returned. */
const REVOKE_AFTER_MS = 60_000;

/** Saves `content` as a download named `fileName` (from a blob URL; nothing leaves the browser). */
export function saveFile(content: Blob | string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const blob = typeof content === 'string' ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
