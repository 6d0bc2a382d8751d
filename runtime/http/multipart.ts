/**
 * A multipart/form-data body as one write-path input: text parts converted by field kind (form
 * values are strings), image parts checked by content, size-limited, stored under MEDIA_ROOT and
 * handed on as StoredUploads. A stored file is removed again if the request's transaction rolls back.
 */
import type { Context } from 'hono';
import type { FieldDef, FieldOfKind, ModelDef } from '../catalogue/index.ts';
import { last } from '../collections.ts';
import type { AppEnv } from './env.ts';
import { bodyBytes, nestedDeeper } from './body.ts';
import { ServiceError, invalidInput } from '../errors/index.ts';
import {
  imageInfo,
  MAX_DIMENSION,
  MAX_PIXELS,
  type ImageInfo,
  removeStored,
  safeStem,
  storeUpload,
  RejectedUpload,
  StoredUpload,
} from '../media/index.ts';

const INVALID_IMAGE = 'Upload a valid image. The file you uploaded was either not an image or a corrupted image.';
/** By format: the extensions a stored file may keep, the first the one it gets otherwise. */
const EXTENSIONS: Record<ImageInfo['format'], readonly [string, ...string[]]> = {
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  gif: ['gif'],
  webp: ['webp'],
};

/** A part holding JSON, parsed (within the body's nesting bound); the text itself when it is not JSON. */
function jsonPart(f: FieldDef, text: string): unknown {
  if (nestedDeeper(text)) throw invalidInput({ [f.name]: ['Value is nested too deeply.'] });
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function textValue(f: FieldDef | undefined, values: string[]): unknown {
  const v = last(values);
  if (!f) return v;
  switch (f.kind) {
    case 'integer':
    case 'bigint':
    case 'decimal':
    case 'fk':
      if (v === '' && (f.nullable || f.kind === 'fk')) return null;
      return /^-?\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : v;
    case 'boolean':
      if (/^(true|1|on|yes)$/i.test(v)) return true;
      if (/^(false|0|off|no)$/i.test(v)) return false;
      return v;
    case 'm2m':
    case 'tags':
    case 'list':
      // repeated parts, or one JSON array
      if (values.length === 1 && v.trim().startsWith('[')) return jsonPart(f, v);
      return values.map((x) => (/^\d+$/.test(x) ? Number(x) : x));
    case 'json':
    case 'custom_fields':
      return jsonPart(f, v);
    default:
      return v;
  }
}

/** `<model>_<object id>_<name or original stem>` for a file attached to an object, else the original stem. */
function stemFor(model: ModelDef, input: Record<string, unknown>, original: string): string {
  const stem = safeStem(original.replace(/\.[^.]*$/, ''));
  const generic = model.fields
    .flatMap((f) => (f.kind === 'generic' ? [f] : []))
    .find((f) => typeof input[f.typeColumn] === 'string');
  if (!generic) return stem;
  const type = String(input[generic.typeColumn]).split('.').pop();
  const name = typeof input.name === 'string' && input.name.trim() ? safeStem(input.name) : stem;
  return `${safeStem(type ?? 'object')}_${String(input[generic.idColumn] ?? '0').replace(/\D/g, '') || '0'}_${name}`;
}

export async function readMultipart(c: Context<AppEnv>, model: ModelDef): Promise<Record<string, unknown>> {
  const { settings, registry } = c.var.services;
  const limit = settings.uploadLimitBytes;
  // within the limit of the file and its form around it (createBodyReader)
  const raw = bodyBytes(c);
  let form: FormData;
  try {
    // a multipart body (isMultipart) always names its content type
    const type = c.req.header('content-type') ?? '';
    form = await new Response(raw, { headers: { 'Content-Type': type } }).formData();
  } catch (e) {
    throw invalidInput({ detail: `Multipart form parse error - ${(e as Error).message}` });
  }
  const fields = registry.fields(model);
  const input: Record<string, unknown> = {};
  const files: [string, File][] = [];
  for (const key of new Set(form.keys())) {
    const parts = form.getAll(key);
    const file = parts.find((p): p is File => typeof p !== 'string');
    if (file) files.push([key, file]);
    else input[key] = textValue(fields.get(key), parts as string[]);
  }
  const errors: Record<string, string[]> = {};
  const checked: [FieldOfKind<'image'>, File, Buffer, ImageInfo][] = [];
  for (const [key, file] of files) {
    const f = fields.get(key);
    if (!f || f.kind !== 'image') {
      errors[key] = [f ? 'This field does not take a file.' : 'Unknown field.'];
      continue;
    }
    if (file.size > limit)
      throw new ServiceError('too_large', {
        [key]: [`The file is too large: ${file.size} bytes exceeds the limit of ${limit} bytes.`],
      });
    const bytes = Buffer.from(await file.arrayBuffer());
    const info = imageInfo(bytes);
    // a refused image is the field's fault, reported by the write path with every other one
    if (!info) input[key] = new RejectedUpload(INVALID_IMAGE);
    else if (info.width > MAX_DIMENSION || info.height > MAX_DIMENSION || info.width * info.height > MAX_PIXELS) {
      input[key] = new RejectedUpload(`${INVALID_IMAGE} (${info.width}×${info.height} pixels is too large)`);
    } else checked.push([f, file, bytes, info]);
  }
  if (Object.keys(errors).length) throw invalidInput(errors);
  for (const [f, file, bytes, info] of checked) {
    const given = (file.name.split('.').pop() ?? '').toLowerCase();
    const ext = EXTENSIONS[info.format].includes(given) ? given : EXTENSIONS[info.format][0];
    const path = await storeUpload(
      settings.mediaRoot,
      f.upload.to,
      stemFor(model, input, file.name || 'image'),
      ext,
      bytes,
    );
    c.var.effects.rollback.push(() => removeStored(settings.mediaRoot, path));
    input[f.name] = new StoredUpload(path, info.width, info.height, bytes.length);
  }
  return input;
}
