/**
 * Uploaded files: images checked by their bytes, stored under MEDIA_ROOT with the row that names
 * them, served back to signed-in users, removed when their row goes.
 */
export { StoredUpload, RejectedUpload } from './upload.ts';
export { imageInfo, type ImageInfo, MAX_DIMENSION, MAX_PIXELS } from './images.ts';
export { pruneMedia } from './prune.ts';
export { mediaUrl, removeStored, resolveStored, safeStem, storeUpload } from './storage.ts';
