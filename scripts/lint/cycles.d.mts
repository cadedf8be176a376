/** Import circles below `root` in `folders`: each circle's files, relative to root. */
export function findCircles(root?: string, folders?: readonly string[]): string[][];
