/** Where the server serves a content picture (`content/images/<path>`). */
export function mediaUrl(imagePath: string, width?: number): string {
  const url = `/media/${imagePath.split('/').map(encodeURIComponent).join('/')}`;
  return width ? `${url}?w=${width}` : url;
}
