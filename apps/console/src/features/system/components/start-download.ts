/**
 * Lets the browser download what `href` answers, under `fileName`. The file is not read into
 * memory first: the session cookie goes with the request, as for any link of the console.
 */
export function startDownload(href: string, fileName: string): void {
  const anchor = document.createElement("a");
  anchor.href = href;
  anchor.download = fileName;
  anchor.click();
}
