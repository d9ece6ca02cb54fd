import { createRequire } from "node:module";

/**
 * glibc's malloc_trim(0), which gives the C library's free memory back to the system. glibc does so on its own only
 * for free memory at the top of a heap, not for free pages between blocks still in use: where most of the working
 * memory V8's compilers took while the embedded database's code was compiled ends up. Called through koffi, a
 * foreign-function library shipped prebuilt (nothing is compiled at install). Undefined where the C library is not
 * glibc (Alpine's musl) or koffi does not load: there is nothing to call there.
 */
export function loadMallocTrim(): (() => void) | undefined {
  try {
    const koffi = createRequire(import.meta.url)("koffi") as typeof import("koffi");
    const mallocTrim = koffi.load("libc.so.6").func("int malloc_trim(size_t pad)");
    return () => {
      mallocTrim(0);
    };
  } catch {
    return undefined;
  }
}
