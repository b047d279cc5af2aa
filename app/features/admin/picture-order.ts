export function movePicture(images: readonly string[], index: number, by: -1 | 1): string[] {
  const to = index + by;
  if (index < 0 || index >= images.length || to < 0 || to >= images.length) return [...images];
  const moved = [...images];
  [moved[index], moved[to]] = [moved[to] as string, moved[index] as string];
  return moved;
}

export function removePicture(images: readonly string[], src: string): string[] {
  return images.filter((image) => image !== src);
}
