export function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time the click returns; a moment's grace anyway.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
