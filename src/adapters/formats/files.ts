import { readFileSync } from 'fs';

/**
 * readFileSync whose failure always names the file: reading a folder fails with EISDIR and no path, which would
 * reach the officer as "illegal operation on a directory" without saying which one.
 */
export const readNamedFile = (file: string): Buffer => {
  try {
    return readFileSync(file);
  } catch (e) {
    if (e instanceof Error && (e as { path?: unknown }).path === undefined) Object.assign(e, { path: file });
    throw e;
  }
};
