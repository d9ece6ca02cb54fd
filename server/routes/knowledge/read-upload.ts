import type { Context } from "hono";
import { DIRECTOR_IDS, type DirectorId } from "../../../shared/directors";
import { formatBytes } from "../../../shared/knowledge";
import type { AppDeps } from "../../deps";
import { AppError } from "../../http/app-error";
import { maxFileBytes } from "../../knowledge/add-source";
import { detectFormat } from "../../knowledge/detect-format";
import type { NewSource } from "../../knowledge/knowledge-sources";
import { cleanFileName } from "../../knowledge/source-name";

/**
 * One file from a multipart upload (field "file", optional "directorIds" as a
 * JSON list): checked for size and type before anything is stored. The
 * browser sends each file of a batch on its own, so one bad file fails alone.
 */
export async function readUpload(c: Context, deps: AppDeps): Promise<NewSource> {
  const type = c.req.header("content-type") ?? "";
  if (!type.toLowerCase().startsWith("multipart/form-data")) {
    throw new AppError("validation:knowledge", { message: "Send the file as multipart/form-data." });
  }
  let body: Record<string, string | File>;
  try {
    body = await c.req.parseBody();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("validation:knowledge", { message: "The upload could not be read. Please try again." });
  }
  const file = body.file;
  if (!(file instanceof File)) {
    throw new AppError("validation:knowledge", { fields: { file: "Choose a file to add" } });
  }
  const name = cleanFileName(file.name);
  const limit = maxFileBytes(deps);
  if (file.size > limit) throw fileTooLarge(limit);
  if (file.size === 0) throw new AppError("knowledge:empty_file", { message: `“${name}” is empty.` });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const detected = detectFormat(name, bytes);
  if (!detected) throw new AppError("knowledge:unsupported_type");
  return {
    kind: "file",
    format: detected.format,
    name,
    directorIds: directorIdsField(body.directorIds),
    original: { fileName: name, contentType: detected.contentType, bytes },
    sizeBytes: bytes.length,
  };
}

export function fileTooLarge(limit: number): AppError {
  return new AppError("knowledge:file_too_large", {
    message: `This file is larger than ${formatBytes(limit)}, the most one file may be.`,
  });
}

function directorIdsField(value: string | File | undefined): DirectorId[] | null {
  if (value === undefined || value === "" || value === "null") return null;
  try {
    const parsed = JSON.parse(String(value)) as unknown;
    if (
      Array.isArray(parsed) &&
      parsed.length > 0 &&
      parsed.every((id) => (DIRECTOR_IDS as readonly unknown[]).includes(id))
    ) {
      return parsed as DirectorId[];
    }
  } catch {
    // Falls through to the message below.
  }
  throw new AppError("validation:knowledge", {
    fields: { directorIds: "Choose at least one director, or all of them." },
  });
}
