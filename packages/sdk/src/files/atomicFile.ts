import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";

/** What a file being written is called until it is whole: `<path>.<random>.partial`. */
export const partialFileSuffix = ".partial";

/**
 * Writes a whole file or none of it (001 §8: never a half-written file): into a temporary file
 * beside `path`, flushed to disk, then renamed over it. A crash mid-write leaves only the temporary
 * file, which a later write does not collide with (a random name) and a sweeper recognises by
 * partialFileSuffix. Chunks that arrive as a list are written with one call (writev). `mode`, when
 * given, is the file's mode whatever the umask (a file holding a token).
 */
export async function writeFileAtomically(
  path: string,
  content: string | AsyncIterable<Uint8Array | readonly Uint8Array[]>,
  options: { mode?: number } = {},
): Promise<void> {
  const temporary = `${path}.${randomBytes(6).toString("hex")}${partialFileSuffix}`;
  const handle = await open(temporary, "w", options.mode);
  try {
    // The mode given to open is masked by the umask; chmod is not.
    if (options.mode !== undefined) await handle.chmod(options.mode);
    if (typeof content === "string") await handle.writeFile(content);
    else
      for await (const chunk of content) {
        if (chunk instanceof Uint8Array) await handle.write(chunk);
        else await handle.writev(chunk as Uint8Array[]);
      }
    await handle.sync();
    await handle.close();
    await rename(temporary, path);
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(temporary, { force: true });
    throw error;
  }
}
