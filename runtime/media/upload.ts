/** A file stored for a request, handed to the write path as an image field's value. */
export class StoredUpload {
  constructor(
    /** the path under MEDIA_ROOT */
    readonly path: string,
    readonly width: number,
    readonly height: number,
    readonly size: number,
  ) {}
}

/** A file refused for an image field (not an image, too many pixels): the field's error, with the others. */
export class RejectedUpload {
  constructor(readonly message: string) {}
}
